import { readPage, type PageSteps } from './paging';

/** A list of `n` numbered keys, read through the steps as a repository would, with the calls recorded. */
function numbered(n: number, exact = true, shownTotal = n) {
  const all = Array.from({ length: n }, (_, i) => `k${i + 1}`);
  const calls: string[] = [];
  const steps: PageSteps<string, { id: string; name: string }> = {
    count: async () => {
      calls.push('count');
      return { total: shownTotal, exact };
    },
    keys: async (offset, take) => {
      calls.push(`keys ${offset} ${take}`);
      return all.slice(offset, offset + take);
    },
    // In reverse, as an IN (...) lookup may answer: the page keeps the keys' order.
    rows: async (keys) => {
      calls.push(`rows ${keys.length}`);
      return keys
        .filter((k) => k !== 'k13')
        .map((id) => ({ id, name: id.toUpperCase() }))
        .reverse();
    },
    keyOf: (item) => item.id,
  };
  return { steps, calls };
}

describe('readPage', () => {
  it('reads the total, the page s keys and one more, then their rows in the keys order', async () => {
    const { steps, calls } = numbered(25);
    const page = await readPage(2, 10, steps);
    expect(page.items.map((item) => item.id)).toEqual(['k11', 'k12', 'k14', 'k15', 'k16', 'k17', 'k18', 'k19', 'k20']);
    expect(page).toMatchObject({ total: 25, totalIsExact: true, hasNext: true });
    expect(calls).toEqual(['count', 'keys 10 11', 'rows 10']);
  });

  it('says there is no next page on the last one', async () => {
    const page = await readPage(3, 10, numbered(25).steps);
    expect(page.items.map((item) => item.id)).toEqual(['k21', 'k22', 'k23', 'k24', 'k25']);
    expect(page.hasNext).toBe(false);
  });

  it('reads nothing more for a page past an exact total', async () => {
    const { steps, calls } = numbered(20);
    expect(await readPage(3, 10, steps)).toEqual({ items: [], total: 20, totalIsExact: true, hasNext: false });
    expect(calls).toEqual(['count']);
  });

  it('still reads a page past an estimated total, which may be short of the truth', async () => {
    const { steps, calls } = numbered(40, false, 25);
    const page = await readPage(4, 10, steps);
    expect(page).toMatchObject({ total: 25, totalIsExact: false, hasNext: false });
    expect(page.items).toHaveLength(10);
    expect(calls).toEqual(['count', 'keys 30 11', 'rows 10']);
  });

  it('takes the keys the count read with it, and keys that are the items themselves', async () => {
    const { steps, calls } = numbered(25);
    const withKeys = await readPage(1, 2, { ...steps, count: async () => ({ total: 25, exact: true, keys: ['k5', 'k6', 'k7'] }) });
    expect(withKeys.items.map((item) => item.id)).toEqual(['k5', 'k6']);
    expect(withKeys.hasNext).toBe(true);
    expect(calls).toEqual(['rows 2']);
    const plain = await readPage<number>(2, 2, {
      count: async () => ({ total: 5, exact: true }),
      keys: async (offset, take) => [1, 2, 3, 4, 5].slice(offset, offset + take),
    });
    expect(plain).toEqual({ items: [3, 4], total: 5, totalIsExact: true, hasNext: true });
  });
});

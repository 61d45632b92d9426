import { boundedText, quoted } from './bounded-text';
import { readUpstreamAnswer, type ReportedOrder } from './upstream-answer';

describe('readUpstreamAnswer (what a provider answer may store)', () => {
  const answer = (overrides: Partial<ReportedOrder> = {}): ReportedOrder => ({
    status: 'In progress',
    charge: '0.27819',
    currency: 'USD',
    startCount: 1204,
    remains: 350,
    ...overrides,
  });

  it('keeps an answer that can be true as it is, without a note', () => {
    expect(readUpstreamAnswer(answer(), 1000)).toEqual({
      facts: { upstreamStatus: 'In progress', charge: '0.27819', currency: 'USD', startCount: 1204, remains: 350 },
      doubt: null,
    });
    expect(readUpstreamAnswer(answer({ status: 'Partial', remains: 1000, startCount: 0, charge: '0' }), 1000)).toMatchObject({
      facts: { remains: 1000, startCount: 0, charge: '0' },
      finalStatus: 2,
      doubt: null,
    });
  });

  it.each([
    ['a negative start count', { startCount: -5 }, 'startCount', 'start_count -5'],
    ['a start count over 10^11', { startCount: 100_000_000_001 }, 'startCount', 'start_count 100000000001'],
    ['negative remains', { remains: -3 }, 'remains', 'remains -3 (1000 ordered)'],
    ['remains above the quantity', { remains: 1001 }, 'remains', 'remains 1001 (1000 ordered)'],
    ['a negative charge', { charge: '-0.50' }, 'charge', 'charge "-0.50"'],
    ['a charge of 10^9 or more', { charge: '1000000000' }, 'charge', 'charge "1000000000"'],
    ['a charge with 21 decimals', { charge: `0.${'1'.repeat(21)}` }, 'charge', 'charge "0.111111111111111111111"'],
    ['a currency of 11 characters', { currency: 'US DOLLARS!' }, 'currency', 'currency "US DOLLARS!"'],
  ] as const)('does not keep %s: null (the last value believed stays), named in the note', (_what, overrides, field, named) => {
    const read = readUpstreamAnswer(answer(overrides as Partial<ReportedOrder>), 1000);
    expect(read.facts[field]).toBeNull();
    expect(read.doubt).toBe(`The provider sent values that cannot be true; not kept: ${named}`);
    // The other facts are kept.
    expect(read.facts.upstreamStatus).toBe('In progress');
  });

  it('names every value not kept, and those the adapter could not read, in one note of at most 500 characters', () => {
    const read = readUpstreamAnswer(answer({ startCount: -1, remains: -2, charge: '-3', unreadable: ['currency {"$gt":""}', `status ${quoted('x'.repeat(5000))}`] }), 10);
    expect(read.doubt).toBe(
      'The provider sent values that cannot be true; not kept: start_count -1; remains -2 (10 ordered); charge "-3"; currency {"$gt":""}; status "' +
        'x'.repeat(39) +
        '…"',
    );
    const many = readUpstreamAnswer(answer({ unreadable: Array.from({ length: 100 }, (_, i) => `field${i} "${'y'.repeat(30)}"`) }), 10);
    expect(Array.from(many.doubt ?? '').length).toBeLessThanOrEqual(500);
    expect(many.doubt?.endsWith('…')).toBe(true);
  });

  it('reads Pending with a start count and remains of 0 as not known yet (API v2 panels send "0" before an order starts), without a note', () => {
    expect(readUpstreamAnswer(answer({ status: 'Pending', startCount: 0, remains: 0 }), 1000)).toEqual({
      facts: { upstreamStatus: 'Pending', charge: '0.27819', currency: 'USD', startCount: null, remains: null },
      doubt: null,
    });
    expect(readUpstreamAnswer(answer({ status: ' PENDING ', startCount: 10, remains: 1000 }), 1000).facts).toMatchObject({ startCount: 10, remains: 1000 });
    // Only Pending: an order in progress may really have nothing left.
    expect(readUpstreamAnswer(answer({ status: 'In progress', remains: 0 }), 1000).facts.remains).toBe(0);
  });

  it('keeps at most 100 characters of a status text (a 5 MiB one too), and a word of any length is never a final word by its start', () => {
    const huge = readUpstreamAnswer(answer({ status: 'Completed' + 'x'.repeat(5 * 1024 * 1024) }), 1000);
    expect(Array.from(huge.facts.upstreamStatus ?? '')).toHaveLength(100);
    expect(huge.facts.upstreamStatus?.endsWith('…')).toBe(true);
    expect(huge.finalStatus).toBeUndefined();
    expect(readUpstreamAnswer(answer({ status: 'Completed' + ' '.repeat(5 * 1024 * 1024) }), 1000)).toMatchObject({
      facts: { upstreamStatus: 'Completed' },
      finalStatus: 1,
    });
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('keeps the order open on the word %j, kept for staff', (word) => {
    const read = readUpstreamAnswer(answer({ status: word }), 1000);
    expect(read).toEqual({ facts: expect.objectContaining({ upstreamStatus: word }), doubt: null });
    expect('finalStatus' in read).toBe(false);
  });

  it('removes control characters (PostgreSQL text cannot hold NUL) from the status text and the currency', () => {
    expect(readUpstreamAnswer(answer({ status: 'In\u0000 progress\u0007', currency: 'U\u0000SD' }), 1000).facts).toMatchObject({
      upstreamStatus: 'In progress',
      currency: 'USD',
    });
    expect(readUpstreamAnswer(answer({ status: '\u0000\u0001' }), 1000).facts.upstreamStatus).toBeNull();
  });
});

describe('boundedText', () => {
  it('cuts by characters, never in the middle of one, and says so with …', () => {
    expect(boundedText('abcdef', 4)).toBe('abc…');
    expect(boundedText('abcd', 4)).toBe('abcd');
    expect(boundedText('😀😀😀😀😀', 3)).toBe('😀😀…');
    expect(boundedText('  \t ', 3)).toBeNull();
    expect(boundedText('a\u0000b\u009fc', 10)).toBe('abc');
  });
});

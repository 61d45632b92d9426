import { catalogueQuery } from '../domain/catalogue-page';
import { ServiceListCache } from './service-list.cache';

const q = (page = 1, limit = 10, search = '') => catalogueQuery({ page, limit, search });
const body = (text: string) => Buffer.from(JSON.stringify({ text }));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ServiceListCache', () => {
  it('loads on a miss, then answers from memory with the same bytes and ETag', async () => {
    const cache = new ServiceListCache();
    const load = jest.fn(async () => body('page 1'));
    const first = await cache.getList(q(), load);
    const second = await cache.getList(q(), load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(first.body.toString()).toBe('{"text":"page 1"}');
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
    expect(cache.peek(cache.keyOf(q())!)).toBe(first);
  });

  it('keys by the normalised query: limit 500 and limit 100 share one entry', async () => {
    const cache = new ServiceListCache();
    const load = jest.fn(async () => body('all'));
    await cache.getList(q(1, 500), load);
    await cache.getList(q(1, 100), load);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.getList(q(2, 100), load);
    await cache.getList(q(1, 100, 'tik'), load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives different bytes different ETags', async () => {
    const cache = new ServiceListCache();
    const a = await cache.getList(q(1), async () => body('a'));
    const b = await cache.getList(q(2), async () => body('b'));
    expect(a.etag).not.toBe(b.etag);
  });

  it('shares one load between concurrent misses of the same key', async () => {
    const cache = new ServiceListCache();
    const gate = deferred<Buffer>();
    const load = jest.fn(() => gate.promise);
    const both = Promise.all([cache.getList(q(), load), cache.getList(q(), load)]);
    gate.resolve(body('once'));
    const [a, b] = await both;
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
  });

  it('forgets everything on invalidate()', async () => {
    const cache = new ServiceListCache();
    let version = 1;
    const load = jest.fn(async () => body(`v${version}`));
    await cache.getList(q(), load);
    version = 2;
    cache.invalidate();
    expect(cache.size).toBe(0);
    const after = await cache.getList(q(), load);
    expect(after.body.toString()).toContain('v2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not store a load that started before an invalidation', async () => {
    const cache = new ServiceListCache();
    const slow = deferred<Buffer>();
    const stale = cache.getList(q(), () => slow.promise);
    cache.invalidate(); // a write committed while the old page was being read
    slow.resolve(body('old'));
    expect((await stale).body.toString()).toContain('old'); // that caller gets what it read...
    expect(cache.size).toBe(0); // ...but nobody after it
    const fresh = await cache.getList(q(), async () => body('new'));
    expect(fresh.body.toString()).toContain('new');
  });

  it('does not cache a failed load', async () => {
    const cache = new ServiceListCache();
    await expect(cache.getList(q(), async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
    await expect(cache.getList(q(), async () => body('ok'))).resolves.toBeDefined();
    expect(cache.size).toBe(1);
  });

  it('drops the least recently used key beyond maxEntries', async () => {
    const cache = new ServiceListCache({ maxEntries: 2 });
    await cache.getList(q(1), async () => body('1'));
    await cache.getList(q(2), async () => body('2'));
    cache.peek(cache.keyOf(q(1))!); // page 1 is now the most recently used
    await cache.getList(q(3), async () => body('3'));
    expect(cache.size).toBe(2);
    expect(cache.peek(cache.keyOf(q(1))!)).toBeDefined();
    expect(cache.peek(cache.keyOf(q(2))!)).toBeUndefined();
    expect(cache.peek(cache.keyOf(q(3))!)).toBeDefined();
  });

  it('stays within maxBytes', async () => {
    const cache = new ServiceListCache({ maxBytes: 100 });
    await cache.getList(q(1), async () => Buffer.alloc(60));
    await cache.getList(q(2), async () => Buffer.alloc(60));
    expect(cache.size).toBe(1);
    expect(cache.peek(cache.keyOf(q(2))!)).toBeDefined();
    await cache.getList(q(3), async () => Buffer.alloc(200)); // larger than the whole cache: served, not kept
    expect(cache.peek(cache.keyOf(q(3))!)).toBeUndefined();
  });

  it('expires entries after ttlMs', async () => {
    let now = 1_000;
    const cache = new ServiceListCache({ ttlMs: 500, now: () => now });
    const load = jest.fn(async () => body('x'));
    await cache.getList(q(), load);
    now += 499;
    await cache.getList(q(), load);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    expect(cache.peek(cache.keyOf(q())!)).toBeUndefined();
    await cache.getList(q(), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not cache long free-text searches', async () => {
    const cache = new ServiceListCache({ maxSearchLength: 5 });
    const load = jest.fn(async () => body('found'));
    expect(cache.keyOf(q(1, 10, 'a long search'))).toBeNull();
    await cache.getList(q(1, 10, 'a long search'), load);
    await cache.getList(q(1, 10, 'a long search'), load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });
});

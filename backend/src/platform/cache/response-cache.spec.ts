import { Logger } from '@nestjs/common';
import { ResponseCache } from './response-cache';

const body = (text: string) => Buffer.from(JSON.stringify({ success: true, text }));
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('ResponseCache, stale if error', () => {
  let now = 0;
  const clock = () => now;

  beforeAll(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  beforeEach(() => {
    now = 1_000_000;
  });

  it('serves the last good bytes of an expired entry while the database is unreachable, and fresh ones once it is back', async () => {
    const cache = new ResponseCache({ ttlMs: 1_000, now: clock });
    const good = await cache.getOrLoad('list', async () => body('v1'));
    now += 5_000;
    expect(cache.peek('list')).toBeUndefined(); // expired: the hot path does not serve it...
    const load = jest.fn(async (): Promise<Buffer> => {
      throw refused();
    });
    const stale = await cache.getOrLoad('list', load); // ...but a failed reload falls back to it
    expect(load).toHaveBeenCalledTimes(1);
    expect(stale.body.equals(good.body)).toBe(true);
    expect(stale.etag).toBe(good.etag);
    // Every request tries again: the database's return is noticed at once.
    await cache.getOrLoad('list', load);
    expect(load).toHaveBeenCalledTimes(2);
    const fresh = await cache.getOrLoad('list', async () => body('v2'));
    expect(fresh.body.toString()).toContain('v2');
    expect(cache.peek('list')).toBe(fresh);
  });

  it('fails as before for other errors, for keys it never held, and after invalidate()', async () => {
    const cache = new ResponseCache({ ttlMs: 1_000, now: clock });
    await cache.getOrLoad('list', async () => body('v1'));
    now += 5_000;
    await expect(cache.getOrLoad('list', async () => Promise.reject(new Error('Plan not found')))).rejects.toThrow('Plan not found');
    await expect(cache.getOrLoad('other', async () => Promise.reject(refused()))).rejects.toThrow('ECONNREFUSED');
    await expect(cache.getOrLoad(null, async () => Promise.reject(refused()))).rejects.toThrow('ECONNREFUSED');
    cache.invalidate();
    await expect(cache.getOrLoad('list', async () => Promise.reject(refused()))).rejects.toThrow('ECONNREFUSED');
  });

  it('serves a stale entry for at most staleMs after it expired', async () => {
    const cache = new ResponseCache({ ttlMs: 1_000, staleMs: 60_000, now: clock });
    await cache.getOrLoad('list', async () => body('v1'));
    now += 1_000 + 59_000;
    await expect(cache.getOrLoad('list', async () => Promise.reject(refused()))).resolves.toBeDefined();
    now += 1_000;
    await expect(cache.getOrLoad('list', async () => Promise.reject(refused()))).rejects.toThrow('ECONNREFUSED');
    expect(cache.peek('list')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('lets the owner choose which failures fall back (serveStaleOn)', async () => {
    const cache = new ResponseCache({ ttlMs: 1_000, now: clock, serveStaleOn: (error) => (error as Error).message === 'flaky' });
    await cache.getOrLoad('k', async () => body('v1'));
    now += 2_000;
    await expect(cache.getOrLoad('k', async () => Promise.reject(new Error('flaky')))).resolves.toBeDefined();
    await expect(cache.getOrLoad('k', async () => Promise.reject(refused()))).rejects.toThrow('ECONNREFUSED');
  });
});

describe('ResponseCache, bounded by least recent use', () => {
  const load = (text: string) => async () => body(text);
  const held = (cache: ResponseCache) => ['a', 'b', 'c', 'd'].filter((key) => cache.peek(key) !== undefined);

  it('drops the entry used longest ago, counting every hit as a use', async () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    await cache.getOrLoad('a', load('a'));
    await cache.getOrLoad('b', load('b'));
    expect(cache.peek('a')).toBeDefined(); // a is now the most recent: b goes first
    await cache.getOrLoad('c', load('c'));
    expect(held(cache)).toEqual(['a', 'c']);
  });

  it('keeps a key asked for again and again as the most recent, also after other keys were stored', async () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    await cache.getOrLoad('a', load('a'));
    await cache.getOrLoad('b', load('b'));
    cache.peek('b');
    cache.peek('b');
    cache.peek('a');
    cache.peek('a');
    await cache.getOrLoad('c', load('c')); // b was used before a
    expect(cache.peek('a')).toBeDefined(); // used after c was stored
    await cache.getOrLoad('d', load('d')); // so c goes
    expect(held(cache)).toEqual(['a', 'd']);
  });
});

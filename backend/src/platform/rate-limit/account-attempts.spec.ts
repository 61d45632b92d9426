import { FORGET_AFTER_MS, MAX_WAIT_MS, MemoryAccountAttempts, waitAfter } from './account-attempts';

/** The per-account attempts' rule and its in-memory store. Real: everything. Fake: the time. */
describe('account attempts', () => {
  const policy = { free: 5, firstWaitMs: 30_000 };

  it('lets the first attempts go without a wait, then doubles the wait up to 15 minutes', () => {
    expect([1, 2, 3, 4, 5].map((n) => waitAfter(n, policy))).toEqual([0, 0, 0, 0, 0]);
    expect([6, 7, 8, 9, 10].map((n) => waitAfter(n, policy))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(waitAfter(11, policy)).toBe(MAX_WAIT_MS);
    expect(waitAfter(10_000, policy)).toBe(MAX_WAIT_MS);
  });

  it('refuses attempts during a wait without counting them, lets one through after it, and forgets on success or after an hour', async () => {
    let now = 0;
    const store = new MemoryAccountAttempts(() => now);
    for (let i = 0; i < 6; i++) expect(await store.claim('k', policy)).toBe(0);
    // Hammering during the wait neither goes through nor makes the wait longer.
    for (let i = 0; i < 100; i++) expect(await store.claim('k', policy)).toBe(30_000);
    now += 30_000;
    expect(await store.claim('k', policy)).toBe(0);
    expect(await store.claim('k', policy)).toBe(60_000);
    expect(await store.claim('other', policy)).toBe(0);

    await store.clear('k');
    for (let i = 0; i < 5; i++) expect(await store.claim('k', policy)).toBe(0);
    now += FORGET_AFTER_MS;
    for (let i = 0; i < 5; i++) expect(await store.claim('k', policy)).toBe(0);
  });
});

/**
 * Sign-in attempts per account, with waits that grow: the limit behind `@LimitPerAccount` (see
 * account-limit.interceptor.ts). The per-IP limits alone let a guesser with a few addresses try
 * hundreds of passwords of one account; this counts the account's attempts from everywhere.
 *
 * Each attempt is counted before the secret is checked (so parallel guesses cannot slip past the
 * count), and a success forgets the count. The first `free` attempts in a row without a success go
 * ahead at once; every one after that is let through alone and sets a wait before the next one:
 * `firstWaitMs`, doubled each time, at most MAX_WAIT_MS. An attempt during a wait is refused without
 * being counted, so a wait never grows by hammering. The count is forgotten FORGET_AFTER_MS after the
 * last attempt. So nobody can shut a real user out for long: a wait is at most 15 minutes, an
 * attacker who keeps trying gets about four guesses an hour, and the owner's right password clears
 * everything the moment it is let through.
 */
export interface AttemptPolicy {
  /** Attempts in a row without a success that go ahead without a wait. */
  readonly free: number;
  /** The wait set by the first attempt past `free`. */
  readonly firstWaitMs: number;
}

export const MAX_WAIT_MS = 15 * 60 * 1000;
export const FORGET_AFTER_MS = 60 * 60 * 1000;

/** The wait the `attempt`-th attempt in a row (1-based) sets before the next one may go ahead. */
export function waitAfter(attempt: number, policy: AttemptPolicy): number {
  if (attempt <= policy.free) return 0;
  return Math.min(MAX_WAIT_MS, policy.firstWaitMs * 2 ** Math.min(attempt - policy.free - 1, 30));
}

/** Where the counts live: Redis (shared by every instance) or this instance's memory. */
export abstract class AccountAttempts {
  /**
   * Counts one attempt on `key` unless a wait is running. Returns 0 when the attempt may go ahead,
   * else the milliseconds left of the wait (the attempt was refused and not counted).
   */
  abstract claim(key: string, policy: AttemptPolicy): Promise<number>;
  /** A success: the key's count and wait are forgotten. */
  abstract clear(key: string): Promise<void>;
}

/** The counts in this instance's memory: without REDIS_URL, and while Redis cannot be reached. */
export class MemoryAccountAttempts extends AccountAttempts {
  private readonly entries = new Map<string, { count: number; forgetAt: number; waitUntil: number }>();
  private claims = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  async claim(key: string, policy: AttemptPolicy): Promise<number> {
    const now = this.now();
    if (++this.claims % 1000 === 0) this.sweep(now);
    let entry = this.entries.get(key);
    if (entry && entry.waitUntil > now) return entry.waitUntil - now;
    if (!entry || entry.forgetAt <= now) entry = { count: 0, forgetAt: 0, waitUntil: 0 };
    entry.count += 1;
    entry.forgetAt = now + FORGET_AFTER_MS;
    const wait = waitAfter(entry.count, policy);
    entry.waitUntil = wait > 0 ? now + wait : 0;
    this.entries.set(key, entry);
    return 0;
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  /** Drops forgotten counts, so addresses tried once do not pile up. */
  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.forgetAt <= now && entry.waitUntil <= now) this.entries.delete(key);
  }
}

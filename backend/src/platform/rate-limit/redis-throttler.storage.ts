import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import Redis from 'ioredis';
import { OutageLog } from '../queue/outage-log';
import { redisOptions } from '../queue/queue.module';
import { AccountAttempts, type AttemptPolicy, FORGET_AFTER_MS, MAX_WAIT_MS, MemoryAccountAttempts } from './account-attempts';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One atomic step of a fixed-window counter with a block: count the hit, start the window on the
 * first hit, and once the count passes the limit block the key for `blockDuration`.
 * KEYS: hits key, block key. ARGV: ttl ms, limit, block ms. Returns hits, window ms left, block ms left.
 */
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
local blocked = redis.call('PTTL', KEYS[2])
if blocked <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blocked = tonumber(ARGV[3])
end
return { hits, ttl, blocked }
`;

/**
 * One attempt of AccountAttempts.claim: refused (not counted) while the wait key lives, else counted,
 * and past `free` it sets the wait before the next attempt (doubling, capped).
 * KEYS: count key, wait key. ARGV: forget ms, free, first wait ms, max wait ms. Returns the wait ms
 * left (0: go ahead).
 */
const CLAIM_ATTEMPT = `
local waiting = redis.call('PTTL', KEYS[2])
if waiting > 0 then return waiting end
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local free = tonumber(ARGV[2])
if count > free then
  local wait = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(count - free - 1, 30))
  redis.call('SET', KEYS[2], '1', 'PX', math.floor(wait))
end
return 0
`;

/** How long a request waits for a connection that is not known to be down (at start). */
const CONNECT_WAIT_MS = 1_000;

/** What /api/health reports as the rate limits' store. */
export type RateLimitStoreName = 'redis' | 'memory' | 'memory (Redis unreachable)';

/** The store of the app's rate-limit counters: Redis when it is configured and reachable, else memory. */
export function rateLimitStoreOf(storage: ThrottlerStorage): RateLimitStoreName {
  return storage instanceof RedisThrottlerStorage ? storage.store : 'memory';
}

/**
 * Throttler counters, and the per-account sign-in attempts (AccountAttempts), in Redis, so every app
 * instance shares them (several instances behind one load balancer count together). A small storage of our
 * own: `@nest-lab/throttler-storage-redis` declares peers up to Nest 11 and would not install beside
 * Nest 12 without forcing npm. Keys are `<prefix>:throttle:<key>` and `<prefix>:attempts:<key>` and expire by themselves.
 *
 * While Redis cannot be reached the counters live in this instance's memory instead (a request is
 * never refused, nor failed, because Redis is away): the log says so once per outage, and
 * `store` says so to /api/health. The client does not queue commands while disconnected and gives a
 * command one second, so a request never waits for Redis to come back.
 */
export class RedisThrottlerStorage extends AccountAttempts implements ThrottlerStorage, OnModuleDestroy {
  private readonly memory = new ThrottlerStorageService();
  private readonly memoryAttempts = new MemoryAccountAttempts();
  private readonly outage = new OutageLog(new Logger('RateLimit'), 'Rate limits: Redis', "counting in this instance's memory until it is back");
  private closed = false;

  /** The storage with its own Redis connection, set up to fail fast. */
  static connect(redisUrl: string, prefix: string): RedisThrottlerStorage {
    return new RedisThrottlerStorage(new Redis({ ...redisOptions(redisUrl), maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000 }), prefix);
  }

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
    redis.on('error', (error: Error) => this.outage.error(error));
    redis.on('ready', () => this.outage.cameBack());
  }

  get store(): RateLimitStoreName {
    return this.redis.status === 'ready' && !this.outage.isDown ? 'redis' : 'memory (Redis unreachable)';
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    return this.inRedisOrMemory(
      () => this.incrementInRedis(key, ttl, limit, blockDuration, throttlerName),
      () => this.memory.increment(key, ttl, limit, blockDuration, throttlerName),
    );
  }

  claim(key: string, policy: AttemptPolicy): Promise<number> {
    return this.inRedisOrMemory(
      async () => {
        const base = `${this.prefix}:attempts:${key}`;
        const args = [FORGET_AFTER_MS, policy.free, policy.firstWaitMs, MAX_WAIT_MS].map(String);
        return Number(await this.redis.eval(CLAIM_ATTEMPT, 2, `${base}:count`, `${base}:wait`, ...args));
      },
      () => this.memoryAttempts.claim(key, policy),
    );
  }

  clear(key: string): Promise<void> {
    const base = `${this.prefix}:attempts:${key}`;
    return this.inRedisOrMemory(
      async () => void (await this.redis.del(`${base}:count`, `${base}:wait`)),
      () => this.memoryAttempts.clear(key),
    );
  }

  /** Redis when it is ready (waiting a moment at start), else, and when a command fails, this instance's memory. */
  private async inRedisOrMemory<T>(inRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready' && !this.outage.isDown) await this.readyWithin(CONNECT_WAIT_MS);
    if (this.redis.status !== 'ready') return inMemory();
    try {
      return await inRedis();
    } catch (error) {
      this.outage.wentDown(error);
      return inMemory();
    }
  }

  /** At start (or in the moment a connection drops, before any error is known) the client may be about to be ready. */
  private readyWithin(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        this.redis.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.redis.once('ready', done);
      this.redis.once('error', done);
    });
  }

  private async incrementInRedis(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}:throttle:${throttlerName}:${key}`;
    const [hits, ttlMs, blockMs] = (await this.redis.eval(
      INCREMENT,
      2,
      `${base}:hits`,
      `${base}:block`,
      String(Math.max(1, Math.ceil(ttl))),
      String(limit),
      String(Math.max(1, Math.ceil(blockDuration))),
    )) as [number, number, number];
    const isBlocked = blockMs > 0;
    return {
      totalHits: hits,
      timeToExpire: Math.ceil(ttlMs / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil(blockMs / 1000) : 0,
    };
  }

  async onModuleDestroy(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.memory.onApplicationShutdown();
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { findRedisServer, startThrowawayRedis, type ThrowawayRedis } from '../../../../e2e/support/throwaway-redis';
import { redisOptions } from '../queue/queue.module';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** Real: Redis (REDIS_URL). Two storages stand for two app instances sharing one Redis. */
const describeRedis = process.env.REDIS_URL ? describe : describe.skip;

describeRedis('RedisThrottlerStorage on real Redis', () => {
  const prefix = `test-${randomBytes(4).toString('hex')}`;
  let first: RedisThrottlerStorage;
  let second: RedisThrottlerStorage;

  beforeAll(() => {
    first = new RedisThrottlerStorage(new Redis(redisOptions(process.env.REDIS_URL!)), prefix);
    second = new RedisThrottlerStorage(new Redis(redisOptions(process.env.REDIS_URL!)), prefix);
  });

  afterAll(async () => {
    const cleaner = new Redis(redisOptions(process.env.REDIS_URL!));
    const keys = await cleaner.keys(`${prefix}:*`);
    if (keys.length) await cleaner.del(...keys);
    await cleaner.quit();
    await first.onModuleDestroy();
    await second.onModuleDestroy();
  });

  it('shares one count between instances and blocks past the limit', async () => {
    const hit = (storage: RedisThrottlerStorage) => storage.increment('k1', 60_000, 3, 30_000, 'otp-per-ip');
    expect(await hit(first)).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
    expect(await hit(second)).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await hit(first)).toMatchObject({ totalHits: 3, isBlocked: false });
    const blocked = await hit(second);
    expect(blocked).toMatchObject({ totalHits: 4, isBlocked: true });
    expect(blocked.timeToBlockExpire).toBeGreaterThan(25);
    expect(blocked.timeToBlockExpire).toBeLessThanOrEqual(30);
    expect(blocked.timeToExpire).toBeLessThanOrEqual(60);
    expect((await hit(first)).isBlocked).toBe(true);
  });

  it('shares the per-account attempts between instances: one count, one wait, cleared by a success', async () => {
    const policy = { free: 2, firstWaitMs: 30_000 };
    expect(await first.claim('acct', policy)).toBe(0);
    expect(await second.claim('acct', policy)).toBe(0);
    expect(await first.claim('acct', policy)).toBe(0);
    const wait = await second.claim('acct', policy);
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    await first.clear('acct');
    expect(await second.claim('acct', policy)).toBe(0);
  });

  it('keeps separate keys and throttler names apart, and lets a window expire', async () => {
    expect((await first.increment('k2', 200, 1, 200, 'a')).totalHits).toBe(1);
    expect((await first.increment('k2', 200, 1, 200, 'b')).totalHits).toBe(1);
    expect((await first.increment('k2', 200, 1, 200, 'a')).isBlocked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await first.increment('k2', 200, 1, 200, 'a')).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});

/**
 * Real: a throwaway redis-server of this spec's own (never the shared one), stopped and started
 * again. Shows the fallback to this instance's memory while Redis is away.
 */
const describeThrowaway = findRedisServer() !== null || process.env.CI ? describe : describe.skip;

describeThrowaway('RedisThrottlerStorage while its Redis is down', () => {
  let redis: ThrowawayRedis;
  let storage: RedisThrottlerStorage;
  let warnings: jest.SpyInstance;
  let logs: jest.SpyInstance;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    logs = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    storage = RedisThrottlerStorage.connect(redis.url, `test-${randomBytes(4).toString('hex')}`);
    await until(() => storage.store === 'redis');
  });

  afterAll(async () => {
    await storage?.onModuleDestroy();
    await redis?.stop();
    jest.restoreAllMocks();
  });

  async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const outageLines = () => warnings.mock.calls.filter(([message]) => String(message).startsWith('Rate limits: Redis is unreachable'));

  it('counts in memory while Redis is down (still limiting), says so once per outage, and goes back to Redis', async () => {
    const hit = () => storage.increment('k', 60_000, 2, 30_000, 'otp-per-ip');
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(storage.store).toBe('redis');

    await redis.stop();
    const started = Date.now();
    // Every call answers at once from memory: a fresh count, and the limit still holds.
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await hit()).toMatchObject({ isBlocked: true });
    for (let i = 0; i < 20; i++) await hit();
    // The per-account attempts count in memory meanwhile too.
    const policy = { free: 1, firstWaitMs: 30_000 };
    expect(await storage.claim('acct', policy)).toBe(0);
    expect(await storage.claim('acct', policy)).toBe(0);
    expect(await storage.claim('acct', policy)).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(storage.store).toBe('memory (Redis unreachable)');
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // reconnect attempts keep failing meanwhile
    expect(outageLines()).toHaveLength(1);

    await redis.start();
    await until(() => storage.store === 'redis');
    expect(logs).toHaveBeenCalledWith('Rate limits: Redis is back');
    // The new Redis is empty: counting starts again there.
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });

    await redis.stop();
    await hit();
    await until(() => outageLines().length === 2); // a second outage is reported again, once
    expect(storage.store).toBe('memory (Redis unreachable)');
  });
});

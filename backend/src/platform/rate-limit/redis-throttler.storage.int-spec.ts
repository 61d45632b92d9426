import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
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

  it('keeps separate keys and throttler names apart, and lets a window expire', async () => {
    expect((await first.increment('k2', 200, 1, 200, 'a')).totalHits).toBe(1);
    expect((await first.increment('k2', 200, 1, 200, 'b')).totalHits).toBe(1);
    expect((await first.increment('k2', 200, 1, 200, 'a')).isBlocked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await first.increment('k2', 200, 1, 200, 'a')).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});

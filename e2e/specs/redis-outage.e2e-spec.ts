/**
 * Redis goes away under the real built server (docs/configuration.md#queue-and-redis: REDIS_URL). The server runs with REDIS_URL
 * pointing at a throwaway redis-server of the spec's own, which the spec kills and starts again; the
 * machine's Redis is never touched.
 *
 * - /user/request-otp is answered while Redis is down, and its mail goes out all the same, exactly
 *   once: it is written to the database's mail outbox and sent from there (docs/operations.md#mail),
 *   not through Redis; also when the server is restarted in between.
 * - Rate-limit counters fall back to this instance's memory while Redis is down; the log says so
 *   once per outage, /api/health says so while it lasts.
 * - No "[ioredis] Unhandled error event" in the output.
 */
import { readOutbox } from '../support/outbox';
import { allSuitesRequired, createStore, startServer, type RunningServer, type Store } from '../support/system';
import { findRedisServer, startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';

const describeWithRedisServer = findRedisServer() || allSuitesRequired() ? describe : describe.skip;

async function requestOtp(server: RunningServer, email: string): Promise<{ status: number; body: any }> {
  const response = await fetch(server.url('/api/user/request-otp'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: await response.json() };
}

async function health(server: RunningServer): Promise<any> {
  const response = await fetch(server.url('/api/health'), { signal: AbortSignal.timeout(10_000) });
  return { ...(await response.json()), httpStatus: response.status };
}

function mailsTo(store: Store, to: string) {
  return readOutbox(store.dataDir).filter((mail) => mail.to === to);
}

async function eventually<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const output = (server: RunningServer) => `${server.stdout()}\n${server.stderr()}`;
const FALLBACK_LINE = /Rate limits: Redis is unreachable/g;

describeWithRedisServer('Redis outage under the real server', () => {
  let redis: ThrowawayRedis;
  let store: Store;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    store = await createStore({ label: 'redis-outage', seeded: true });
  });

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
    await store?.dispose();
  });

  const start = async () => {
    server = await startServer({ store, env: { REDIS_URL: redis.url, QUEUE_PREFIX: 'outage', SMTP_URL: '' } });
    return server;
  };

  test('request-otp is answered while Redis is down and its mail goes out, exactly once; rate limits count in memory meanwhile', async () => {
    const running = await start();
    expect((await health(running)).rateLimits).toEqual({ store: 'redis' });

    await redis.stop();
    const email = 'outage.one@example.com';
    const first = await requestOtp(running, email);
    expect(first).toEqual({ status: 200, body: expect.objectContaining({ success: true }) });
    // More requests during the same outage: counted in memory, logged once.
    expect((await requestOtp(running, 'outage.two@example.com')).status).toBe(200);
    expect((await requestOtp(running, 'outage.three@example.com')).status).toBe(200);
    const degraded = await health(running);
    expect(degraded.rateLimits).toEqual({ store: 'memory (Redis unreachable)' });
    // Still serving: degraded, but not taken out of rotation.
    expect([degraded.httpStatus, degraded.status, degraded.queue.ok]).toEqual([200, 'degraded', false]);
    // The mail does not need Redis: it is sent from the outbox while Redis is still down.
    const mails = await eventually(
      () => mailsTo(store, email),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/\b\d{6}\b/);
    await redis.start();
    await eventually(
      () => mailsTo(store, 'outage.three@example.com'),
      (found) => found.length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // a second copy would be here by now
    expect(mailsTo(store, email)).toHaveLength(1);
    expect(mailsTo(store, 'outage.two@example.com')).toHaveLength(1);
    expect(mailsTo(store, 'outage.three@example.com')).toHaveLength(1);

    const healed = await eventually(
      () => health(running),
      (body) => body.rateLimits?.store === 'redis',
    );
    expect(healed).toMatchObject({ status: 'ok', rateLimits: { store: 'redis' } });
    expect(output(running).match(FALLBACK_LINE)).toHaveLength(1);
    expect(output(running)).not.toContain('Unhandled error event');
    // No raw error dumps (an emitter nobody listens to), and the queue says at most once that Redis is
    // gone, not once per reconnect attempt (mail does not use the queue, so nothing may need it here).
    expect(output(running)).not.toMatch(/^Error: connect ECONNREFUSED/m);
    expect((output(running).match(/Job queue: Redis is unreachable/g) ?? []).length).toBeLessThanOrEqual(1);
  }, 120_000);

  test('a mail written just before a stop while Redis is down goes out exactly once, before or after the restart', async () => {
    const running = server ?? (await start());
    await redis.stop();
    const email = 'outage.restart@example.com';
    expect((await requestOtp(running, email)).status).toBe(200);

    const exit = await running.stop();
    server = undefined;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(output(running)).not.toContain('Unhandled error event');

    await redis.start();
    const restarted = await start();
    const mails = await eventually(
      () => mailsTo(store, email),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mailsTo(store, email)).toHaveLength(1);
    expect(output(restarted)).not.toContain('Unhandled error event');
  }, 120_000);
});

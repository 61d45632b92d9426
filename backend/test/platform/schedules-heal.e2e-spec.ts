import request from 'supertest';
import Redis from 'ioredis';
import { findRedisServer, startThrowawayRedis, type ThrowawayRedis } from '../../../e2e/support/throwaway-redis';
import { ReconcileOrdersUseCase } from '../../src/modules/billing/application/reconcile-orders.use-case';
import { ReconcileRefundsUseCase } from '../../src/modules/billing/application/reconcile-refunds.use-case';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { planOf } from '../billing/support';
import { asAdmin, buy, panelEnv, startPanel, taskInState, type ProviderPanelUnderTest } from '../fulfilment/support';

/**
 * Schedules that heal (docs/operations.md#schedules-that-heal): Redis forgets everything (FLUSHALL,
 * as a Redis without persistence that restarted, or a failover, leaves it) under a running process
 * that runs jobs; within one SCHEDULE_CHECK_EVERY_MS the sync pass, the stuck-order sweep and the
 * refund sweep are scheduled and run again, without a restart, and an open upstream order is synced;
 * /api/health names the missing schedules meanwhile. Real: the whole app (PROCESS_ROLE all: it serves
 * HTTP and runs the jobs), BullMQ on a throwaway redis-server of this spec's own (never the shared
 * one), its database (PGlite, or PostgreSQL with DATABASE_URL), the api-v2 adapter and the API v2
 * stand-in over HTTP. Fake: nothing (the two sweeps' runs are counted by spies that call through).
 * Without a redis-server binary it is skipped, except under CI, where it fails.
 */
const describeWithRedisServer = findRedisServer() !== null || process.env.CI ? describe : describe.skip;

/** A short check interval, so the spec waits seconds; the default is 15 s. */
const CHECK_EVERY_MS = 1_500;
const SYNC_EVERY_MS = 500;
const SCHEDULES = ['billing/reconcile-orders', 'billing/reconcile-refunds', 'fulfilment/fulfilment-sync'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not so within ${timeoutMs} ms; last seen: ${JSON.stringify(value)?.slice(0, 1500)}`);
    await sleep(50);
  }
}

describeWithRedisServer('Repeating jobs after Redis forgot everything', () => {
  let redis: ThrowawayRedis;
  let panel: ProviderPanelUnderTest;
  let t: TestApp;
  let flusher: Redis;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    flusher = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    panel = await startPanel();
    t = await createTestApp({
      env: panelEnv(panel, { REDIS_URL: redis.url, FULFILMENT_SYNC_EVERY_MS: String(SYNC_EVERY_MS), SCHEDULE_CHECK_EVERY_MS: String(CHECK_EVERY_MS) }),
    });
  });

  afterAll(async () => {
    await t?.close();
    await panel?.close();
    flusher?.disconnect();
    await redis?.stop();
    jest.restoreAllMocks();
  });

  const health = async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health');
    return { httpStatus: res.status, ...res.body } as {
      httpStatus: number;
      status: string;
      message?: string;
      queue: { ok: boolean };
      schedules: { ok: boolean; missing?: string[] };
    };
  };

  it('schedules the sync and both sweeps again within one check, runs them, syncs an open order; health names the gap meanwhile', async () => {
    expect(t.config.redisUrl).toBe(redis.url);
    const admin = (await adminToken(t)).token;
    const youtube = await planOf(t, 'youtube');
    await asAdmin(t, admin).post('/api/admin/fulfilment/mapping', { pricingId: youtube.pricing[0].pricingId, serviceId: '3', quantity: 1000 }).expect(200);
    const ann: CustomerSession = await signUpCustomer(t, 'ann');
    const { orderId } = await buy(t, ann, youtube, youtube.pricing[0].pricingId, 'https://www.youtube.com/@schedules-heal');
    const placed = await taskInState(t, admin, orderId, 'open');
    expect(await health()).toMatchObject({ httpStatus: 200, status: 'ok', queue: { ok: true }, schedules: { ok: true } });

    const reconciled = jest.spyOn(t.app.get(ReconcileOrdersUseCase), 'execute');
    const refundsSwept = jest.spyOn(t.app.get(ReconcileRefundsUseCase), 'execute');

    // Redis forgets everything. The first health answer after it shows the gap, unless a check fell
    // in between and healed it already (it then says ok): the spec empties Redis again, up to 3 times.
    let gap: Awaited<ReturnType<typeof health>> | undefined;
    let flushedAt = 0;
    for (let attempt = 1; attempt <= 3 && !gap; attempt++) {
      expect(await flusher.flushall()).toBe('OK');
      flushedAt = Date.now();
      const answer = await health();
      if (answer.schedules.ok) expect(answer).toMatchObject({ status: 'ok', schedules: { ok: true } });
      else gap = answer;
    }
    expect(gap).toMatchObject({ httpStatus: 200, status: 'degraded', queue: { ok: true }, schedules: { ok: false } });
    expect(gap?.schedules.missing).toEqual(SCHEDULES);
    expect(gap?.message).toBe(`Repeating jobs have no schedule in the queue: ${SCHEDULES.join(', ')}. A worker declares them again within 2 s.`);
    reconciled.mockClear();
    refundsSwept.mockClear();
    const statusCalls = () => panel.standIn.requests.filter((r) => r.action === 'status').length;
    const callsAtFlush = statusCalls();

    // The provider finishes the order: only a sync pass that runs again can tell the customer.
    panel.standIn.setOrder(placed.fulfilment?.upstreamOrderId as string, { status: 'Completed', start_count: '10', remains: '0' });
    const healed = await until('health says every schedule is back', health, (answer) => answer.status === 'ok', 60_000);
    const healedAfterMs = Date.now() - flushedAt;
    expect(healed.schedules).toEqual({ ok: true });

    const completed = await until(
      "the order is in the customer's Completed list",
      async () => {
        const res = await request(t.app.getHttpServer())
          .post('/api/subscription/completedService')
          .set('Authorization', `Bearer ${ann.token}`)
          .send({ userId: ann.userId })
          .expect(200);
        return (res.body.data as Array<{ orderId: string; statusText: string }>).find((row) => row.orderId === orderId);
      },
      (row) => row !== undefined,
      60_000,
    );
    const syncedAfterMs = Date.now() - flushedAt;
    expect(completed).toMatchObject({ statusText: 'Completed' });
    expect(statusCalls()).toBeGreaterThan(callsAtFlush);
    // A job scheduled `every` runs once when declared: both sweeps ran again, without waiting their minute.
    await until(
      'both sweeps ran again',
      async () => [reconciled.mock.calls.length, refundsSwept.mock.calls.length],
      ([a, b]) => a > 0 && b > 0,
      60_000,
    );
    const sweptAfterMs = Date.now() - flushedAt;

    // Within a minute, as promised; in fact within one check interval and the machine's delay.
    expect(Math.max(healedAfterMs, syncedAfterMs, sweptAfterMs)).toBeLessThan(60_000);
    console.log(
      `Schedules back ${healedAfterMs} ms after FLUSHALL, order synced after ${syncedAfterMs} ms, sweeps ran after ${sweptAfterMs} ms (check every ${CHECK_EVERY_MS} ms)`,
    );
  });
});

/**
 * A restart between "placing" and the provider's answer never yields two upstream orders (docs/fulfilment.md),
 * with the REAL built server (`node backend/dist/main.js`) and a real crash.
 *
 * Server A places a paid order with the API v2 stand-in, which takes the order at once and holds its
 * answer for a minute; while A waits (its call timeout is longer still), A is killed with SIGKILL: no
 * shutdown hook runs, the order stays `placing` in the database. Server B starts on the same store
 * (the same PGlite directory, or the same PostgreSQL database and, with REDIS_URL, the same BullMQ
 * queue prefix) with a call timeout of 1 s and a sync pass every 500 ms. Once the call can no longer
 * be running (B's call timeout + the abandon margin after A claimed the order), B's sync pass puts the
 * order in "needs review" with the note that the app stopped; it is never placed again: not by later
 * passes, and with Redis not by BullMQ running A's killed place-order job again on B (a stalled job),
 * which the spec waits for and checks. The customer still sees the order In Process under Active.
 *
 * Both servers run with the shop's own waits shortened by its settings: an abandon margin of 12 s
 * instead of 30 s (FULFILMENT_ABANDON_MARGIN_MS; still longer than B takes to start, so "not before"
 * is tested) and job locks of 5 s instead of BullMQ's 30 s (QUEUE_LOCK_MS).
 *
 * Driven over HTTP only (no browser): the admin maps a tier, a customer buys it with the sandbox.
 */
import crypto from 'node:crypto';
import { buyWithSandbox, signUpCustomer, type Customer } from '../support/customers';
import { fulfilmentEnv } from '../support/fulfilment-system';
import { getJson, type SystemHandle } from '../support/harness';
import { startProviderStandIn, type ProviderStandIn } from '../support/provider-stand-in';
import { createStore, startServer, type RunningServer, type Store } from '../support/system';

const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@growth.local', password: process.env.ADMIN_PASSWORD || 'admin-dev-password' };
const PROVIDER_KEY = 'fulfilment-restart-e2e-key';
/** The stand-in's 'YouTube Views' service (min 100, max 1,000,000). */
const SERVICE_ID = '3';
const QUANTITY = 1000;
/** B's call timeout; a `placing` order is taken for review once this + the margin have passed since it was claimed. */
const B_TIMEOUT_MS = 1_000;
const ABANDON_MARGIN_MS = 12_000;
/** How long a worker's lock on a job lasts, and how often workers look for stalled jobs. */
const QUEUE_LOCK_MS = 5_000;
/** The note staff read on such an order (backend sync-fulfilment.use-case.ts ABANDONED_NOTE). */
const ABANDONED_NOTE = 'The app stopped while this order was being placed: check the provider panel, then link the order, retry or cancel.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `read` every `everyMs` until `done` holds for its value, at most `timeoutMs`; fails with the last value. */
async function pollUntil<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not so within ${timeoutMs} ms; last seen: ${JSON.stringify(value)?.slice(0, 1500)}`);
    await sleep(everyMs);
  }
}

describe('A restart while an order is being placed (real server killed, API v2 stand-in)', () => {
  let standIn: ProviderStandIn | undefined;
  let store: Store | undefined;
  let first: RunningServer | undefined;
  let second: RunningServer | undefined;

  beforeAll(async () => {
    standIn = await startProviderStandIn({ key: PROVIDER_KEY });
    store = await createStore({ label: 'fulfilment-restart', seeded: true });
  });

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await standIn?.close();
    await store?.dispose();
  });

  function envWith(provider: ProviderStandIn, extra: Record<string, string>): Record<string, string> {
    return fulfilmentEnv(PROVIDER_KEY, {
      PROVIDER_URL: provider.url,
      FULFILMENT_ABANDON_MARGIN_MS: String(ABANDON_MARGIN_MS),
      QUEUE_LOCK_MS: String(QUEUE_LOCK_MS),
      ...extra,
    });
  }

  /** What customers.ts needs of a system: the server's URLs and the store's mail outbox. */
  function handleOf(server: RunningServer, where: Store): SystemHandle {
    return {
      server,
      store: where,
      get browser(): never {
        throw new Error('this spec runs no browser');
      },
      url: (p: string) => server.url(p),
    };
  }

  function post(server: RunningServer, path: string, body: unknown, token?: string): Promise<any> {
    return getJson(server.url(`/api${path}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  }

  async function adminLogin(server: RunningServer): Promise<string> {
    const login = await post(server, '/admin/login', ADMIN);
    expect(login).toMatchObject({ success: true, message: 'Login successful' });
    return login.token;
  }

  /** The order as the admin's tasks show it (searched by its order id). */
  async function taskOf(server: RunningServer, token: string, orderId: string): Promise<any> {
    const tasks = await post(server, '/admin/tasks', { q: orderId }, token);
    const task = tasks.data.find((row: any) => row.orderId === orderId);
    if (!task) throw new Error(`order ${orderId} is not in the admin's tasks: ${JSON.stringify(tasks).slice(0, 500)}`);
    return task;
  }

  /** The stored place-order job (BullMQ's job hash) of this queueing, read straight from Redis. */
  async function placeOrderJob(redisUrl: string, prefix: string, subscriptionId: string, queuedAt: string): Promise<Record<string, string>> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      return await redis.hgetall(`${prefix}:fulfilment:place-${subscriptionId}-${new Date(queuedAt).getTime()}`);
    } finally {
      redis.disconnect();
    }
  }

  test("the killed server's order goes to review with ONE add upstream (on BullMQ also after the queue ran the killed job again); the customer still sees it Active", async () => {
    if (!standIn || !store) throw new Error('the stand-in or the store did not start (see the beforeAll error above)');
    const provider = standIn;
    const place = store;
    const started = Date.now();
    const log: string[] = [];
    const mark = (what: string) => log.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);

    // Server A: its call timeout outlasts the moment it is killed by far.
    first = await startServer({ store: place, env: envWith(provider, { PROVIDER_TIMEOUT_MS: '20000' }) });
    const a = first;
    mark('A healthy');
    const adminA = await adminLogin(a);
    const plan = await post(a, '/plan/getByName', { name: 'YouTube' });
    const tier = plan.pricing[0];
    const mapped = await post(a, '/admin/fulfilment/mapping', { pricingId: tier.pricingId, serviceId: SERVICE_ID, quantity: QUANTITY }, adminA);
    expect(mapped.mapping).toEqual({ pricingId: tier.pricingId, serviceId: SERVICE_ID, serviceName: 'YouTube Views', quantity: QUANTITY, refillDays: 0 });

    const customer: Customer = await signUpCustomer(handleOf(a, place), { label: 'restart', name: 'Rhea Restart' });
    const link = `https://www.youtube.com/@restart${crypto.randomBytes(4).toString('hex')}`;

    // The provider takes the order at once but answers only after a minute.
    provider.script('add', { slow: 60_000 });
    const bought = await buyWithSandbox(handleOf(a, place), customer, { plan: 'YouTube', tier: 0, profileLink: link });
    expect(bought).toMatchObject({ Status: 0, profileLink: link });
    const orderId = bought.orderId as string;
    const subscriptionId = bought.subscriptionId as string;

    await pollUntil(
      'the stand-in received the add',
      async () => provider.addCount(),
      (count) => count >= 1,
      20_000,
      50,
    );
    const addReceivedAt = Date.now();
    mark('add received by the stand-in');
    expect(provider.addCount()).toBe(1);
    const placing = await taskOf(a, adminA, orderId);
    expect(placing).toMatchObject({ Status: 0, fulfilment: { state: 'placing', upstreamOrderId: null } });

    // A dies while it waits for the answer: no graceful shutdown.
    process.kill(a.pid, 'SIGKILL');
    expect(await a.stop()).toEqual({ code: null, signal: 'SIGKILL' });
    first = undefined;
    mark('A killed');
    // The provider did take the order (A never learnt its id).
    const upstream = [...provider.orders.entries()].filter(([, order]) => order.link === link);
    expect(upstream).toHaveLength(1);

    // Server B on the same store: short call timeout, sync every 500 ms.
    second = await startServer({ store: place, env: envWith(provider, { PROVIDER_TIMEOUT_MS: String(B_TIMEOUT_MS) }) });
    const b = second;
    const bHealthyAt = Date.now();
    mark('B healthy');
    const adminB = await adminLogin(b);

    // B's sync pass takes it for review once A's call can no longer be running, not before.
    const review = await pollUntil(
      'the order is listed under needs review',
      async () => {
        const listed = await post(b, '/admin/tasks', { fulfilment: 'needs_review' }, adminB);
        return listed.data.find((row: any) => row.orderId === orderId) ?? null;
      },
      (row) => row !== null,
      60_000,
    );
    const reviewSeenAt = Date.now();
    mark('listed under needs review');
    expect(reviewSeenAt - addReceivedAt).toBeGreaterThanOrEqual(B_TIMEOUT_MS + ABANDON_MARGIN_MS - 1_000);
    expect(review).toMatchObject({
      subscriptionId,
      Status: 0,
      statusText: 'In Process',
      fulfilment: { state: 'needs_review', note: ABANDONED_NOTE, upstreamOrderId: null, serviceId: SERVICE_ID, quantity: QUANTITY },
    });

    // With Redis, BullMQ finds A's place-order job stalled (its lock ran out with A) and runs it again
    // on B: wait for that run to finish; it must find nothing to place. BullMQ checks for stalled jobs
    // at most once per QUEUE_LOCK_MS per queue (across workers: A's check at its start counts) and
    // moves a job on the second check that finds it active without a lock: up to about three locks
    // after B started.
    const redisUrl = process.env.REDIS_URL;
    const prefix = place.env.QUEUE_PREFIX;
    if (redisUrl && prefix) {
      const job = await pollUntil(
        "BullMQ ran the killed server's place-order job again on B",
        () => placeOrderJob(redisUrl, prefix, subscriptionId, review.fulfilment.queuedAt),
        (hash) => Number(hash.stc ?? 0) >= 1 && hash.finishedOn !== undefined,
        Math.max(bHealthyAt + 6 * QUEUE_LOCK_MS - Date.now(), 5_000),
        1_000,
      );
      mark(`stalled job re-run finished (stc ${job.stc}, returnvalue ${job.returnvalue ?? '-'}, failedReason ${job.failedReason ?? '-'})`);
      expect(job.failedReason).toBeUndefined();
      expect(JSON.parse(job.returnvalue)).toEqual({ outcome: 'not_queued' });
    }

    // Several more sync passes (the schedule runs every 500 ms; and three on demand): nothing placed again.
    for (let pass = 0; pass < 3; pass++) {
      const report = await post(b, '/admin/fulfilment/sync', {}, adminB);
      expect(report).toMatchObject({ success: true, requests: 0 });
    }
    await sleep(3_000);
    mark('later passes done');

    const adds = provider.requests.filter((request) => request.action === 'add');
    expect(adds.map((request) => request.params)).toEqual([{ action: 'add', service: SERVICE_ID, link, quantity: String(QUANTITY) }]);
    expect(provider.addCount()).toBe(1);
    expect(provider.orders.size).toBe(1);
    expect(await taskOf(b, adminB, orderId)).toMatchObject({ Status: 0, fulfilment: { state: 'needs_review', note: ABANDONED_NOTE, upstreamOrderId: null } });

    // The customer still sees it In Process under Active, and not under Completed.
    const active = await post(b, '/subscription/activeService', { userId: customer.userId, page: 1, limit: 10 }, customer.token);
    expect(active.data).toEqual([expect.objectContaining({ subscriptionId, orderId, Status: 0, statusText: 'In Process', profileLink: link, progress: null })]);
    expect(active.data[0]).not.toHaveProperty('fulfilment');
    const completed = await post(b, '/subscription/completedService', { userId: customer.userId, page: 1, limit: 10 }, customer.token);
    expect(completed.data).toEqual([]);

    console.log(`fulfilment restart timeline (${store.databaseUrl ? 'PostgreSQL' : 'PGlite'}${redisUrl ? ' + Redis' : ', in-process queue'}):\n${log.join('\n')}`);
  }, 120_000);
});

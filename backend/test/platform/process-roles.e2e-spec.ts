import { orderNumberOf } from '@growth/contracts';
import type { Subscription } from '@growth/contracts';
import request from 'supertest';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { as, outboxMails, planOf } from '../billing/support';
import { addsOf, asAdmin, panelEnv, startPanel, taskInState, taskOf, type ProviderPanelUnderTest } from '../fulfilment/support';

/**
 * PROCESS_ROLE (docs/operations.md): two web processes and one worker on one PostgreSQL and one
 * Redis. Customers and staff talk to the web processes only; the jobs those enqueue (placing the
 * order upstream, the mails, the refund of what was not delivered) and the repeating status sync
 * run in the worker. While no worker runs, a paid order waits in Redis and nothing is placed.
 * Real: the three apps (in this process, each with its own database pool and Redis connections,
 * PROCESS_ROLE web, web and worker), PostgreSQL (DATABASE_URL), BullMQ on Redis (REDIS_URL), the
 * sandbox gateway, the outbox mailer, the api-v2 panel adapter and the API v2 stand-in over HTTP.
 * Fake: nothing. It needs both services; CI sets them.
 */
const bothServices = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** YouTube's Starter tier (19.99 USD), mapped to the stand-in's service 3, 1,000 a purchase. */
const PRICE = '19.99';
const QUANTITY = 1000;
/** The worker's status sync runs this often (a repeating job of the worker, not of the web processes). */
const SYNC_EVERY_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not so within ${timeoutMs} ms; last seen: ${JSON.stringify(value)?.slice(0, 1500)}`);
    await sleep(50);
  }
}

describe('Web and worker processes (PROCESS_ROLE) on one PostgreSQL and one Redis', () => {
  let panel: ProviderPanelUnderTest;
  let webOne: TestApp;
  let webTwo: TestApp;
  let worker: TestApp | undefined;
  let env: Record<string, string>;
  /** Every process writes its outbox mail under web one's data directory, so one place holds it all. */
  const workerEnv = () => ({ ...env, PROCESS_ROLE: 'worker', DATA_DIR: webOne.dataDir });
  const startWorker = () => createTestApp({ shareWith: webOne, env: workerEnv() });

  beforeAll(async () => {
    if (!bothServices) return;
    panel = await startPanel();
    env = {
      ...panelEnv(panel, { FULFILMENT_SYNC_EVERY_MS: String(SYNC_EVERY_MS), SANDBOX_REFUND_SETTLE_MS: '300' }),
      // loadConfig checks that a web or worker process has a PostgreSQL database to share; the test
      // app then points it at its own schema.
      DATABASE_URL: process.env.DATABASE_URL as string,
    };
    webOne = await createTestApp({ env: { ...env, PROCESS_ROLE: 'web' } });
    webTwo = await createTestApp({ shareWith: webOne, env: { ...env, PROCESS_ROLE: 'web', DATA_DIR: webOne.dataDir } });
    worker = await startWorker();
  });

  afterAll(async () => {
    await worker?.close();
    await webTwo?.close();
    await webOne?.close();
    await panel?.close();
  });

  if (bothServices) {
    it('pays, places, syncs and refunds an order through two web processes and a worker; nothing is placed while no worker runs', async () => {
      expect([webOne.config.role, webTwo.config.role, worker?.config.role]).toEqual(['web', 'web', 'worker']);
      // The worker takes no shop traffic: its health for the orchestrator, a 404 for everything else.
      const workerHttp = request((worker as TestApp).app.getHttpServer());
      expect((await workerHttp.get('/api/health').expect(200)).body).toMatchObject({ success: true, database: { ok: true }, queue: { ok: true } });
      expect((await workerHttp.get('/api/services/getAll').expect(404)).body).toEqual({
        success: false,
        message: 'This is a worker process (PROCESS_ROLE=worker): it answers /api/health only.',
        error: 'not_found',
      });
      await workerHttp.post('/api/plan/getByName').send({ name: 'youtube' }).expect(404);
      const admin = (await adminToken(webOne)).token;
      const youtube = await planOf(webTwo, 'youtube');
      expect(youtube.pricing[0]).toMatchObject({ name: 'Starter', price: PRICE });
      await asAdmin(webOne, admin).post('/api/admin/fulfilment/mapping', { pricingId: youtube.pricing[0].pricingId, serviceId: '3', quantity: QUANTITY }).expect(200);
      // The OTP mail is a job too: the worker delivers it (into web one's data directory).
      const customer: CustomerSession = await signUpCustomer({ ...webTwo, dataDir: webOne.dataDir });

      // No worker: the web processes take the order and the payment, and enqueue the placement.
      await worker?.stop();
      worker = undefined;
      const link = 'https://www.youtube.com/@process-roles';
      const created = await as(webOne, customer)
        .post('/api/payment/order', { userId: customer.userId, planId: youtube.planId, pricingId: youtube.pricing[0].pricingId, currency: 'USD', profileLink: link })
        .expect(200);
      const orderId = created.body.order.id as string;
      const proof = await as(webTwo, customer).post('/api/payment/sandbox/checkout', { orderId, outcome: 'success' }).expect(200);
      const { success: _success, ...handlerResponse } = proof.body;
      const verified = await as(webOne, customer).post('/api/payment/verify', handlerResponse).expect(200);
      const orderNumber = orderNumberOf(verified.body.subscription.subscriptionId as string);
      await sleep(4 * SYNC_EVERY_MS);
      expect((await taskOf(webTwo, admin, orderId)).fulfilment).toMatchObject({ state: 'queued' });
      expect(addsOf(panel.standIn)).toEqual([]);
      expect(panel.standIn.requests.filter((r) => r.action === 'status')).toEqual([]); // no status sync either: the schedule is the worker's

      // A worker starts: it takes the waiting job and places the order, once.
      worker = await startWorker();
      const placed = await taskInState(webTwo, admin, orderId, 'open');
      expect(addsOf(panel.standIn)).toEqual([expect.objectContaining({ service: '3', quantity: String(QUANTITY), link })]);
      const upstreamOrderId = placed.fulfilment?.upstreamOrderId as string;
      expect(upstreamOrderId).toBeTruthy();

      // The provider delivers 843 of 1,000; the worker's repeating sync records it and its refund job
      // refunds floor(1999 × 157 / 1000) = 313 cents through the sandbox, settled by its webhook.
      panel.standIn.setOrder(upstreamOrderId, { status: 'Partial', start_count: '40', remains: '157' });
      const completed = await until(
        'the customer sees the refund of what was not delivered as processed',
        async () => {
          const res = await request(webTwo.app.getHttpServer())
            .post('/api/subscription/completedService')
            .set('Authorization', `Bearer ${customer.token}`)
            .send({ userId: customer.userId, limit: 50 })
            .expect(200);
          return (res.body.data as Subscription[]).find((row) => row.orderId === orderId);
        },
        (row) => row?.refund?.state === 'processed',
      );
      expect(completed).toMatchObject({ statusText: 'Partial', refund: { state: 'processed', requested: '3.13', refunded: '3.13', currency: 'USD' } });
      expect((await taskOf(webOne, admin, orderId)).fulfilment).toMatchObject({ state: 'done', upstreamStatus: 'Partial' });
      expect(addsOf(panel.standIn)).toHaveLength(1);

      const mails = await until(
        'the refund mails are in the outbox',
        async () => outboxMails(webOne.dataDir, customer.email, ''),
        (all) => all.some((mail) => mail.subject === `Your refund of 3.13 USD was processed (${orderNumber})`),
      );
      expect(mails.map((mail) => mail.subject)).toEqual(
        expect.arrayContaining([`Refund of 3.13 USD on its way (${orderNumber})`, `Your refund of 3.13 USD was processed (${orderNumber})`]),
      );
    });
  } else {
    it('is not run without DATABASE_URL and REDIS_URL (web and worker processes need a shared PostgreSQL and Redis)', () => {
      expect(process.env.CI).toBeFalsy(); // CI must set both: there this case would fail
    });
  }
});

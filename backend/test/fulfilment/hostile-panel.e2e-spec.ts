import request from 'supertest';
import { FulfilmentLedger } from '../../src/modules/fulfilment/application/fulfilment-ledger.port';
import { RecordPurchaseUseCase } from '../../src/modules/subscriptions/application/record-purchase.use-case';
import { Clock } from '../../src/platform/time/clock';
import { planOf, type PlanTiers } from '../billing/support';
import { FakeClock } from '../identity/support';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { asAdmin, buy, panelEnv, startPanel, syncNow, taskInState, taskOf, type ProviderPanelUnderTest } from './support';

/**
 * A hostile provider panel (docs/fulfilment.md): one answer never stops fulfilment, nothing it sends
 * is kept unbounded or shown to a customer when it cannot be true, and one provider order id never
 * serves two of our orders. Over HTTP.
 * Real: the whole app (sandbox payments, the place-order job on the queue, the sync pass through
 * POST /admin/fulfilment/sync), its database (PGlite, or PostgreSQL with DATABASE_URL), the api-v2
 * adapter, and the API v2 stand-in over HTTP answering what a hostile panel would.
 * Arranged through subscriptions' own facades (RecordPurchaseUseCase, FulfilmentLedger): the
 * hundreds of open orders of the sync cases. Fake: the clock (a pass asks orders not checked since it began).
 */
describe('Fulfilment against a hostile provider panel', () => {
  let panel: ProviderPanelUnderTest;
  let t: TestApp;
  let admin: ReturnType<typeof asAdmin>;
  let ann: CustomerSession;
  let youtube: PlanTiers;
  const clock = new FakeClock();
  let links = 0;
  let batchNumber = 0;

  beforeAll(async () => {
    panel = await startPanel();
    // A call timeout far above the short one of the other fulfilment specs: the cases here are about
    // what answers say and how big they are, and a 17 MiB answer took over 1.5 s on a loaded machine.
    t = await createTestApp({
      env: panelEnv(panel, { SANDBOX_FULFILMENT: 'loopback', PROVIDER_TIMEOUT_MS: '15000' }),
      overrides: [{ provide: Clock, useValue: clock }],
    });
    admin = asAdmin(t, (await adminToken(t)).token);
    ann = await signUpCustomer(t, 'ann');
    youtube = await planOf(t, 'youtube');
    await admin.post('/api/admin/fulfilment/mapping', { pricingId: youtube.pricing[0].pricingId, serviceId: '3', quantity: 1000 }).expect(200);
  });

  afterAll(async () => {
    await t?.close();
    await panel?.close();
  });

  /** A sync pass a minute after the last one. */
  const pass = () => {
    clock.advance(60_000);
    return syncNow(t, admin.token);
  };

  /** Every order still open closed by hand, so each case starts with only its own open orders. */
  async function closeOpenOrders() {
    panel.standIn.orders.forEach((order) => Object.assign(order, { status: 'Completed', remains: '0', start_count: '1', charge: '1' }));
    while ((await pass()).orders > 0);
  }

  /** `count` open orders placed upstream as ids `first`…, `In progress`, sorted by subscription id (the order a pass asks them in). */
  async function openOrders(count: number, first: number): Promise<Array<{ subscriptionId: string; orderId: string; upstreamOrderId: string }>> {
    const purchases = t.app.get(RecordPurchaseUseCase);
    const ledger = t.app.get(FulfilmentLedger);
    const buyer = await signUpCustomer(t, `hostile-${++batchNumber}`);
    const tier = { pricingId: youtube.pricing[0].pricingId, name: 'Starter', price: '9.99', description: '', features: [], isPopular: false, currency: 'USD' };
    const now = clock.now();
    const orders = [];
    for (let i = 0; i < count; i++) {
      const orderId = `order_h${batchNumber}x${String(i).padStart(6, '0')}`;
      const { subscription } = await purchases.execute({
        userId: buyer.userId,
        planId: youtube.planId,
        planName: 'YouTube',
        profileLink: `https://www.youtube.com/@hostile-${batchNumber}-${i}`,
        orderId,
        paymentId: `pay_h${batchNumber}x${i}`,
        pricing: tier,
        customerEmail: `hostile-${batchNumber}-${i}@example.com`,
        customerName: 'Hostile',
      });
      const upstreamOrderId = String(first + i);
      panel.standIn.setOrder(upstreamOrderId, { status: 'In progress', start_count: '100', remains: '500', charge: '0.9', quantity: 1000 });
      await ledger.queue(subscription.subscriptionId, { serviceId: '3', quantity: 1000 }, now);
      await ledger.claimForPlacing(subscription.subscriptionId, now);
      await ledger.markPlaced(subscription.subscriptionId, upstreamOrderId, now);
      orders.push({ subscriptionId: subscription.subscriptionId, orderId, upstreamOrderId });
    }
    return orders.sort((a, b) => a.subscriptionId.localeCompare(b.subscriptionId));
  }

  const statusCalls = (since: number) => panel.standIn.requests.slice(since).filter((r) => r.action === 'status');

  describe('one answer never stops the rest', () => {
    beforeEach(closeOpenOrders);

    it('syncs all of 450 open orders in one pass when the first order asked says `constructor`; that order stays open with the word for staff', async () => {
      const orders = await openOrders(450, 300_000);
      panel.standIn.setOrder(orders[0].upstreamOrderId, { status: 'constructor' });
      panel.standIn.setOrder(orders[1].upstreamOrderId, { status: '__proto__' });
      for (const order of orders.slice(2, 102)) panel.standIn.setOrder(order.upstreamOrderId, { status: 'Completed', remains: '0' });

      expect(await pass()).toMatchObject({ orders: 450, requests: 5, updated: 450, finished: 100 });

      for (const [order, word] of [
        [orders[0], 'constructor'],
        [orders[1], '__proto__'],
      ] as const) {
        expect(await taskOf(t, admin.token, order.orderId)).toMatchObject({
          Status: 0,
          statusText: 'In Process',
          fulfilment: { state: 'open', upstreamStatus: word, note: null },
        });
      }
      expect(await taskOf(t, admin.token, orders[2].orderId)).toMatchObject({ Status: 1, fulfilment: { state: 'done' } });
      expect(await taskOf(t, admin.token, orders[449].orderId)).toMatchObject({
        Status: 0,
        fulfilment: { state: 'open', upstreamStatus: 'In progress', startCount: 100, remains: 500 },
      });
      // And again on the next pass: nothing comes back first.
      expect(await pass()).toMatchObject({ orders: 350, updated: 350 });
    });

    it('narrows an answer over 16 MiB (one 17 MiB status) down to its order: the 99 others of its batch are stored, that order is noted', async () => {
      const orders = await openOrders(100, 310_000);
      const huge = orders[37];
      panel.standIn.setOrder(huge.upstreamOrderId, { status: 'x'.repeat(17 * 1024 * 1024) });
      const since = panel.standIn.requests.length;

      const report = await pass();

      // 1 call, then at most 7 halvings of 2 calls (100 → 50 → 25 → 13 → 7 → 4 → 2 → 1).
      expect(report).toMatchObject({ orders: 100, updated: 99 });
      expect(report.requests).toBeLessThanOrEqual(1 + 2 * 7);
      expect(statusCalls(since)).toHaveLength(report.requests);
      const task = await taskOf(t, admin.token, huge.orderId);
      expect(task.fulfilment).toMatchObject({ state: 'open', upstreamStatus: null });
      expect(task.fulfilment?.note).toBe(
        "The provider's status answer for this order failed (The provider sent an answer over 16 MiB); it is asked again on the next pass.",
      );
      for (const other of [orders[0], orders[36], orders[38], orders[99]]) {
        expect((await taskOf(t, admin.token, other.orderId)).fulfilment).toMatchObject({ note: null, checkedAt: clock.now().toISOString() });
      }
    });
  });

  describe('what the panel sends is bounded, and what cannot be true is never kept or shown', () => {
    beforeAll(closeOpenOrders);

    const list = async (customer: CustomerSession) =>
      (
        await request(t.app.getHttpServer())
          .post('/api/subscription/activeService')
          .set('Authorization', `Bearer ${customer.token}`)
          .send({ userId: customer.userId, limit: 50 })
          .expect(200)
      ).body.data as Array<Record<string, unknown>>;

    it('keeps 100 characters of a 5 MiB status, leaves out a negative start count, charge and remains (named for staff), and the customer sees none of them', async () => {
      const link = `https://www.youtube.com/@hostile-link-${++links}`;
      const { orderId } = await buy(t, ann, youtube, youtube.pricing[0].pricingId, link);
      const { fulfilment } = await taskInState(t, admin.token, orderId, 'open');
      const upstreamOrderId = fulfilment?.upstreamOrderId as string;

      panel.standIn.setOrder(upstreamOrderId, { status: 'In progress', start_count: '1204', remains: '350', charge: '0.90000' });
      await pass();
      panel.standIn.setOrder(upstreamOrderId, { status: `${'Long word '.repeat(524_288)}`, start_count: '-5', remains: '-40', charge: '-12.50', currency: 'U\u0000SD' });
      await pass();

      const task = await taskOf(t, admin.token, orderId);
      expect(Array.from(task.fulfilment?.upstreamStatus as string)).toHaveLength(100);
      expect(task.fulfilment).toMatchObject({
        state: 'open',
        startCount: 1204,
        remains: 350,
        charge: '0.90000',
        currency: 'USD',
        note: 'The provider sent values that cannot be true; not kept: start_count -5; remains -40 (1000 ordered); charge "-12.50"',
      });
      expect(task.fulfilment?.margin).not.toBeNull();
      expect((await list(ann)).find((s) => s.orderId === orderId)).toMatchObject({ progress: { startCount: 1204, remains: 350, quantity: 1000 } });

      // The tasks page with that order in it stays small (it was 5.2 MB for 10 rows).
      const page = await admin.post('/api/admin/tasks', { limit: 10 }).expect(200);
      expect(Buffer.byteLength(JSON.stringify(page.body))).toBeLessThan(40_000);
    });

    it('does not take a Pending order\'s 0 remains for "all delivered": the customer sees no progress until the panel knows', async () => {
      const link = `https://www.youtube.com/@hostile-link-${++links}`;
      const { orderId } = await buy(t, ann, youtube, youtube.pricing[0].pricingId, link);
      const { fulfilment } = await taskInState(t, admin.token, orderId, 'open');
      panel.standIn.setOrder(fulfilment?.upstreamOrderId as string, { status: 'Pending', start_count: '0', remains: '0' });
      await pass();
      expect((await taskOf(t, admin.token, orderId)).fulfilment).toMatchObject({ upstreamStatus: 'Pending', startCount: null, remains: null, note: null });
      expect((await list(ann)).find((s) => s.orderId === orderId)).toMatchObject({ progress: null });
    });
  });

  describe('one provider order, one order of ours', () => {
    it("sends the second order answered with the first one's id to review, naming the first; Link to that id is refused, Link to its own id follows it", async () => {
      const first = await buy(t, ann, youtube, youtube.pricing[0].pricingId, `https://www.youtube.com/@hostile-link-${++links}`);
      const taken = (await taskInState(t, admin.token, first.orderId, 'open')).fulfilment?.upstreamOrderId as string;

      panel.standIn.script('add', { answerId: Number(taken) });
      const second = await buy(t, ann, youtube, youtube.pricing[0].pricingId, `https://www.youtube.com/@hostile-link-${++links}`);
      const review = await taskInState(t, admin.token, second.orderId, 'needs_review');

      expect(review.fulfilment).toMatchObject({
        upstreamOrderId: null,
        note: `The provider answered with order id ${taken}, which is already order ${first.orderId}'s: it may not have placed this one. Check its panel, then link this order's own id, retry or cancel.`,
      });
      expect((await taskOf(t, admin.token, first.orderId)).fulfilment).toMatchObject({ state: 'open', upstreamOrderId: taken });

      const refused = await admin.post('/api/admin/fulfilment/link', { subscriptionId: second.subscriptionId, upstreamOrderId: taken }).expect(409);
      expect(refused.body).toMatchObject({
        success: false,
        message: `Provider order ${taken} is already linked to order ${first.orderId}: one provider order cannot deliver two orders. Find this order's own id on the panel`,
      });

      // The panel did place it, under an id of its own: staff find it and link it.
      const own = [...panel.standIn.orders].find(([, order]) => order.link.endsWith(`@hostile-link-${links}`))?.[0] as string;
      await admin.post('/api/admin/fulfilment/link', { subscriptionId: second.subscriptionId, upstreamOrderId: own }).expect(200);
      expect((await taskOf(t, admin.token, second.orderId)).fulfilment).toMatchObject({ state: 'open', upstreamOrderId: own });
    });
  });
});

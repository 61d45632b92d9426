import request from 'supertest';
import { Clock } from '../../src/platform/time/clock';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { FakeClock } from '../identity/support';
import { eventually, planOf, type PlanTiers } from '../billing/support';
import { addsOf, asAdmin, buy, panelEnv, startPanel, syncNow, taskInState, taskOf, TIMEOUT_MS, type ProviderPanelUnderTest } from './support';

/**
 * Paid orders placed with the provider panel and followed until done (docs/fulfilment.md), over HTTP.
 * Real: the whole app (sandbox payments, the place-order job on the queue: in-process, or BullMQ
 * with REDIS_URL; the sync pass run through POST /admin/fulfilment/sync), its database (PGlite, or
 * PostgreSQL with DATABASE_URL), the api-v2 panel adapter, and the API v2 stand-in over HTTP behind
 * a TCP proxy the spec cuts to make the panel unreachable.
 * Fake: the clock (moved past the 30 s after which a queued order's job is enqueued again).
 */
describe('Fulfilment through the provider panel', () => {
  let panel: ProviderPanelUnderTest;
  let t: TestApp;
  let admin: string;
  let ann: CustomerSession;
  let youtube: PlanTiers;
  const clock = new FakeClock();
  let links = 0;
  /** A profile link of its own for each order, so the stand-in's calls can be told apart. */
  const newLink = () => `https://www.youtube.com/@fulfilment-${++links}`;

  beforeAll(async () => {
    panel = await startPanel();
    t = await createTestApp({ env: panelEnv(panel), overrides: [{ provide: Clock, useValue: clock }] });
    admin = (await adminToken(t)).token;
    ann = await signUpCustomer(t, 'ann');
    youtube = await planOf(t, 'youtube');
    // The first YouTube tier is delivered by the stand-in's service 3 (YouTube Views), 1,000 a purchase.
    await asAdmin(t, admin).post('/api/admin/fulfilment/mapping', { pricingId: youtube.pricing[0].pricingId, serviceId: '3', quantity: 1000 }).expect(200);
  });

  afterAll(async () => {
    await t?.close();
    await panel?.close();
  });

  const mappedTier = () => youtube.pricing[0].pricingId;
  const addsFor = (link: string) => addsOf(panel.standIn).filter((params) => params.link === link);
  const list = async (which: 'activeService' | 'completedService') =>
    (
      await request(t.app.getHttpServer())
        .post(`/api/subscription/${which}`)
        .set('Authorization', `Bearer ${ann.token}`)
        .send({ userId: ann.userId, limit: 50 })
        .expect(200)
    ).body.data as Array<Record<string, unknown>>;

  /** A sync pass a minute later, as the repeating job runs it (a pass asks the orders not checked since it started). */
  const syncAMinuteLater = () => {
    clock.advance(60_000);
    return syncNow(t, admin);
  };

  /** A paid order of the mapped tier, placed upstream: its order id, link and the provider's order id. */
  async function placedOrder() {
    const link = newLink();
    const { orderId } = await buy(t, ann, youtube, mappedTier(), link);
    const task = await taskInState(t, admin, orderId, 'open');
    return { orderId, link, upstreamOrderId: task.fulfilment?.upstreamOrderId as string };
  }

  it("places a paid order upstream once, and moves it to the customer's Completed list when the provider says Completed, with nobody touching it", async () => {
    const link = newLink();
    const { orderId, subscriptionId } = await buy(t, ann, youtube, mappedTier(), link);

    const placed = await taskInState(t, admin, orderId, 'open');
    expect(addsFor(link)).toEqual([{ action: 'add', service: '3', link, quantity: '1000' }]);
    const upstreamOrderId = placed.fulfilment?.upstreamOrderId as string;
    expect(panel.standIn.orders.get(upstreamOrderId)).toMatchObject({ service: '3', link, quantity: 1000 });
    expect(placed).toMatchObject({
      Status: 0,
      statusText: 'In Process',
      fulfilment: { state: 'open', serviceId: '3', serviceName: 'YouTube Views', quantity: 1000, upstreamStatus: null },
    });

    panel.standIn.setOrder(upstreamOrderId, { status: 'In progress', start_count: '1204', remains: '350' });
    expect(await syncAMinuteLater()).toMatchObject({ orders: 1, requests: 1, updated: 1, finished: 0 });
    expect((await list('activeService')).find((s) => s.orderId === orderId)).toMatchObject({
      subscriptionId,
      Status: 0,
      statusText: 'In Process',
      progress: { startCount: 1204, remains: 350, quantity: 1000 },
    });

    panel.standIn.setOrder(upstreamOrderId, { status: 'Completed', remains: '0' });
    expect(await syncAMinuteLater()).toMatchObject({ orders: 1, requests: 1, updated: 1, finished: 1 });
    expect((await list('activeService')).map((s) => s.orderId)).not.toContain(orderId);
    expect((await list('completedService')).find((s) => s.orderId === orderId)).toMatchObject({
      Status: 1,
      statusText: 'Completed',
      progress: { startCount: 1204, remains: 0, quantity: 1000 },
    });
    expect((await taskOf(t, admin, orderId)).fulfilment).toMatchObject({ state: 'done', upstreamStatus: 'Completed', charge: '1.20000', currency: 'USD' });

    expect(await syncAMinuteLater()).toMatchObject({ orders: 0, requests: 0 }); // a finished order is not asked about again
    expect(addsFor(link)).toHaveLength(1);
  });

  it("ends an order as Partial, Canceled or Refunded (Status 2, 3, 4) with its text, in the customer's Completed list", async () => {
    const words = [
      ['Partial', 2, 'Partial'],
      ['cancelled', 3, 'Canceled'],
      ['REFUNDED', 4, 'Refunded'],
    ] as const;
    const orders: Array<{ orderId: string; upstreamOrderId: string }> = [];
    for (const [word] of words) {
      const order = await placedOrder();
      panel.standIn.setOrder(order.upstreamOrderId, { status: word });
      orders.push(order);
    }
    expect(await syncAMinuteLater()).toMatchObject({ finished: 3 });
    const completed = await list('completedService');
    for (const [i, [word, Status, statusText]] of words.entries()) {
      expect(completed.find((s) => s.orderId === orders[i].orderId)).toMatchObject({ Status, statusText });
      expect((await taskOf(t, admin, orders[i].orderId)).fulfilment).toMatchObject({ state: 'done', upstreamStatus: word });
    }
  });

  it("keeps an order with a status word it does not know Active, and shows staff the provider's raw text", async () => {
    const { orderId, upstreamOrderId } = await placedOrder();
    panel.standIn.setOrder(upstreamOrderId, { status: 'Awaiting moderation' });
    await syncAMinuteLater();
    expect((await list('activeService')).find((s) => s.orderId === orderId)).toMatchObject({ Status: 0, statusText: 'In Process' });
    expect(await taskOf(t, admin, orderId)).toMatchObject({ Status: 0, fulfilment: { state: 'open', upstreamStatus: 'Awaiting moderation' } });
  });

  it('leaves a tier without a mapping to staff: nothing is sent', async () => {
    const link = newLink();
    const { orderId } = await buy(t, ann, youtube, youtube.pricing[1].pricingId, link);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await taskOf(t, admin, orderId)).fulfilment).toBeNull();
    expect(addsFor(link)).toEqual([]);
  });

  it.each([
    [
      'an answer slower than the timeout',
      { slow: TIMEOUT_MS + 1_000 },
      /^The provider .+: it may have placed the order\. Check its panel, then link the order, retry or cancel\.$/,
    ],
    ['HTTP 500', { http: 500 }, /^The provider answered HTTP 500.*: it may have placed the order\. Check its panel, then link the order, retry or cancel\.$/],
    [
      'an answer that is not JSON',
      { garbage: true as const },
      /^The provider .+: it may have placed the order\. Check its panel, then link the order, retry or cancel\.$/,
    ],
    ['a cut connection', { hangUp: true as const }, /^The provider .+: it may have placed the order\. Check its panel, then link the order, retry or cancel\.$/],
  ])('puts an order whose add got %s in review, and never places it a second time', async (_what, behaviour, note) => {
    panel.standIn.script('add', behaviour);
    const link = newLink();
    const { orderId } = await buy(t, ann, youtube, mappedTier(), link);
    const task = await taskInState(t, admin, orderId, 'needs_review');
    expect(task.fulfilment?.note).toMatch(note);
    expect(task.fulfilment?.upstreamOrderId).toBeNull();

    clock.advance(5 * 60_000); // past every deadline of the sync pass
    await syncAMinuteLater();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await taskOf(t, admin, orderId)).fulfilment?.state).toBe('needs_review');
    expect(addsFor(link)).toHaveLength(1);
  });

  it("puts an order the provider refused in review with the provider's words", async () => {
    panel.standIn.script('add', { error: 'Not enough funds on balance' });
    const link = newLink();
    const { orderId } = await buy(t, ann, youtube, mappedTier(), link);
    const task = await taskInState(t, admin, orderId, 'needs_review');
    expect(task.fulfilment?.note).toBe('The provider refused the order: Not enough funds on balance');
    expect(
      (await asAdmin(t, admin).post('/api/admin/tasks', { fulfilment: 'needs_review', q: orderId }).expect(200)).body.data.map((s: { orderId: string }) => s.orderId),
    ).toEqual([orderId]);
  });

  /** Waits until the order's job has run once and left its note (the provider was unreachable). */
  const noted = (orderId: string) =>
    eventually(
      () => taskOf(t, admin, orderId),
      (task) => Boolean(task.fulfilment?.note),
    );

  it('queues an order again while the provider cannot be reached, and places it once the provider is back', async () => {
    const link = newLink();
    await panel.proxy.cut();
    let orderId: string;
    try {
      ({ orderId } = await buy(t, ann, youtube, mappedTier(), link));
      expect((await noted(orderId)).fulfilment).toMatchObject({
        state: 'queued',
        upstreamOrderId: null,
        note: expect.stringMatching(/^The provider could not be reached \(.+\); the order is tried again\.$/),
      });
      expect(addsFor(link)).toEqual([]);
    } finally {
      await panel.proxy.open();
    }

    clock.advance(31_000);
    await syncAMinuteLater(); // enqueues the order's job again
    const placed = await taskInState(t, admin, orderId, 'open');
    expect(addsFor(link)).toHaveLength(1);
    expect(panel.standIn.orders.get(placed.fulfilment?.upstreamOrderId as string)).toMatchObject({ link });
  });

  describe('retry and cancel (staff)', () => {
    async function orderInReview() {
      panel.standIn.script('add', { http: 500 });
      const link = newLink();
      const { orderId, subscriptionId } = await buy(t, ann, youtube, mappedTier(), link);
      await taskInState(t, admin, orderId, 'needs_review');
      return { orderId, subscriptionId, link };
    }

    it('retry places an order that needs review once more, on purpose, and is audited', async () => {
      const { orderId, subscriptionId, link } = await orderInReview();
      clock.advance(1_000); // staff look at the panel first (the retry's job id has its own time)
      const res = await asAdmin(t, admin).post('/api/admin/fulfilment/retry', { subscriptionId }).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        subscription: { subscriptionId, orderId, Status: 0, customer: { userId: ann.userId }, fulfilment: { state: 'queued', note: null } },
      });
      await taskInState(t, admin, orderId, 'open');
      expect(addsFor(link)).toHaveLength(2);

      const audit = await asAdmin(t, admin).post('/api/admin/audit', {}).expect(200);
      expect(
        audit.body.data.find((entry: { action: string; entityId: string }) => entry.action === 'fulfilment.retry' && entry.entityId === subscriptionId),
      ).toMatchObject({
        entity: 'subscription',
        before: { state: 'needs_review', note: expect.stringContaining('HTTP 500') },
        after: { state: 'queued' },
      });

      const again = await asAdmin(t, admin).post('/api/admin/fulfilment/retry', { subscriptionId }).expect(409);
      expect(again.body).toMatchObject({ success: false, message: 'Only an order that needs review can be retried' });
    });

    it('link attaches the order staff found on the panel (the timed-out add had placed it): followed from there, no second add; an id the provider does not know is refused', async () => {
      panel.standIn.script('add', { slow: TIMEOUT_MS + 1_000 }); // placed upstream, answered too late
      const link = newLink();
      const { orderId, subscriptionId } = await buy(t, ann, youtube, mappedTier(), link);
      await taskInState(t, admin, orderId, 'needs_review');
      const upstream = [...panel.standIn.orders].find(([, order]) => order.link === link);
      expect(upstream).toBeDefined();
      const upstreamOrderId = upstream![0];

      const unknown = await asAdmin(t, admin).post('/api/admin/fulfilment/link', { subscriptionId, upstreamOrderId: '999999' }).expect(400);
      expect(unknown.body).toMatchObject({ success: false, message: 'The provider does not know order 999999: Incorrect order ID' });
      expect((await taskOf(t, admin, orderId)).fulfilment).toMatchObject({ state: 'needs_review', upstreamOrderId: null });
      const malformed = await asAdmin(t, admin).post('/api/admin/fulfilment/link', { subscriptionId, upstreamOrderId: '12 34' }).expect(400);
      expect(malformed.body.message).toBe('upstreamOrderId must be the order id the provider panel shows (letters, digits, - _ . :)');

      panel.standIn.setOrder(upstreamOrderId, { status: 'In progress', start_count: '500', remains: '900', charge: '0.90000' });
      const res = await asAdmin(t, admin)
        .post('/api/admin/fulfilment/link', { subscriptionId, upstreamOrderId: Number(upstreamOrderId) })
        .expect(200);
      expect(res.body.subscription).toMatchObject({
        subscriptionId,
        Status: 0,
        fulfilment: { state: 'open', upstreamOrderId, upstreamStatus: 'In progress', startCount: 500, remains: 900, charge: '0.90000', note: null },
      });
      const again = await asAdmin(t, admin).post('/api/admin/fulfilment/link', { subscriptionId, upstreamOrderId }).expect(409);
      expect(again.body.message).toBe('Only an order that needs review can be linked to a provider order');

      panel.standIn.setOrder(upstreamOrderId, { status: 'Completed', remains: '0' });
      await syncAMinuteLater();
      expect((await list('completedService')).find((s) => s.orderId === orderId)).toMatchObject({ Status: 1, progress: { startCount: 500, remains: 0 } });
      expect(addsFor(link)).toHaveLength(1);

      const audit = await asAdmin(t, admin).post('/api/admin/audit', {}).expect(200);
      expect(
        audit.body.data.find((entry: { action: string; entityId: string }) => entry.action === 'fulfilment.link' && entry.entityId === subscriptionId),
      ).toMatchObject({
        before: { state: 'needs_review', note: expect.stringContaining('it may have placed the order') },
        after: { state: 'open', upstreamOrderId, upstreamStatus: 'In progress' },
      });
    });

    it('cancel ends an order not placed upstream as Canceled (Status 3) for the customer; a placed one is cancelled on the panel (409)', async () => {
      const { orderId, subscriptionId } = await orderInReview();
      const res = await asAdmin(t, admin).post('/api/admin/fulfilment/cancel', { subscriptionId }).expect(200);
      expect(res.body.subscription).toMatchObject({ subscriptionId, Status: 3, statusText: 'Canceled', fulfilment: { state: 'canceled' } });
      expect((await list('completedService')).find((s) => s.orderId === orderId)).toMatchObject({ Status: 3, statusText: 'Canceled' });
      const twice = await asAdmin(t, admin).post('/api/admin/fulfilment/cancel', { subscriptionId }).expect(409);
      expect(twice.body.message).toBe('Only an order not yet placed upstream can be cancelled here; cancel a placed one on the provider panel');
      await asAdmin(t, admin).post('/api/admin/fulfilment/retry', { subscriptionId }).expect(409);

      const placed = await placedOrder();
      const placedTask = await taskOf(t, admin, placed.orderId);
      const refused = await asAdmin(t, admin).post('/api/admin/fulfilment/cancel', { subscriptionId: placedTask.subscriptionId }).expect(409);
      expect(refused.body).toMatchObject({
        success: false,
        message: 'Only an order not yet placed upstream can be cancelled here; cancel a placed one on the provider panel',
      });
    });

    it('cancel of a queued order (provider unreachable) means it is never sent', async () => {
      const link = newLink();
      await panel.proxy.cut();
      let orderId: string;
      try {
        let subscriptionId: string;
        ({ orderId, subscriptionId } = await buy(t, ann, youtube, mappedTier(), link));
        await noted(orderId);
        await asAdmin(t, admin).post('/api/admin/fulfilment/cancel', { subscriptionId }).expect(200);
      } finally {
        await panel.proxy.open();
      }
      clock.advance(31_000);
      await syncAMinuteLater();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await taskOf(t, admin, orderId)).fulfilment?.state).toBe('canceled');
      expect(addsFor(link)).toEqual([]);
    });

    it('answers 404 for an unknown subscription and 400 for a malformed id', async () => {
      const missing = await asAdmin(t, admin).post('/api/admin/fulfilment/retry', { subscriptionId: '00000000-0000-4000-8000-000000000000' }).expect(404);
      expect(missing.body).toMatchObject({ success: false, message: 'Subscription not found' });
      await asAdmin(t, admin).post('/api/admin/fulfilment/cancel', { subscriptionId: '00000000-0000-4000-8000-000000000000' }).expect(404);
      const malformed = await asAdmin(t, admin).post('/api/admin/fulfilment/cancel', { subscriptionId: 'abc' }).expect(400);
      expect(malformed.body).toMatchObject({ success: false, message: 'subscriptionId must be a valid subscription id' });
      const absent = await asAdmin(t, admin).post('/api/admin/fulfilment/retry', {}).expect(400);
      expect(absent.body.message).toBe('subscriptionId is required');
    });
  });
});

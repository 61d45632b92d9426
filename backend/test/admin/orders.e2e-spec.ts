import request from 'supertest';
import { DataSource } from 'typeorm';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { type CustomerSession, signUpCustomer } from '../support/customer-session';
import { as, planOf, type PlanTiers } from '../billing/support';
import { RecordPurchaseUseCase } from '../../src/modules/subscriptions/application/record-purchase.use-case';

/**
 * The orders staff should look at, over HTTP: POST /api/admin/orders, with orders made and paid
 * the customer's way (POST /payment/order, the sandbox checkout, /payment/verify), and the task list
 * finding the purchase by the customer's e-mail; the sandbox mark on those orders in the tasks, a
 * client's orders, the refunds and the runtime config (docs/payments.md#sandbox-orders).
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the sandbox gateway,
 * registration and login through the identity API. Arranged by SQL: an order's age, and orders
 * that are paid without a subscription (the app itself never leaves one so). Fake: nothing.
 */
describe('admin orders API', () => {
  let t: TestApp;
  let ann: CustomerSession;
  let admin: string;
  let youtube: PlanTiers;
  const post = (path: string, body: unknown, token?: string) => {
    const req = request(t.app.getHttpServer()).post(`/api/${path}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body as object);
  };
  const adminOrders = (body: unknown, token = admin) => post('admin/orders', body, token);
  const orderIds = (res: request.Response) => (res.body.data as Array<{ orderId: string }>).map((o) => o.orderId);
  const db = () => t.app.get(DataSource);

  async function newOrder(tier = 1): Promise<string> {
    const res = await as(t, ann)
      .post('/api/payment/order', { userId: ann.userId, planId: youtube.planId, pricingId: youtube.pricing[tier].pricingId, profileLink: 'https://www.youtube.com/@ann' })
      .expect(200);
    return res.body.order.id as string;
  }

  async function pay(orderId: string) {
    const proof = await as(t, ann).post('/api/payment/sandbox/checkout', { orderId, outcome: 'success' }).expect(200);
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = proof.body;
    return (await as(t, ann).post('/api/payment/verify', { razorpay_order_id, razorpay_payment_id, razorpay_signature }).expect(200)).body.subscription;
  }

  const madeHoursAgo = (orderId: string, hours: number) =>
    db().query(`UPDATE payment_orders SET created_at = now() - make_interval(hours => $2) WHERE order_id = $1`, [orderId, hours]);

  let paid: string;
  let stale: string;
  let fresh: string;
  let orphan: string;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUpCustomer(t, 'ann');
    admin = (await adminToken(t)).token;
    youtube = await planOf(t, 'youtube');
    paid = await newOrder();
    await pay(paid);
    stale = await newOrder(0);
    await madeHoursAgo(stale, 2);
    fresh = await newOrder();
    orphan = await newOrder(2);
    await madeHoursAgo(orphan, 3);
    await db().query(`UPDATE payment_orders SET status = 'paid', payment_id = 'pay_Orphan0000001', paid_at = now() WHERE order_id = $1`, [orphan]);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists unpaid orders older than an hour, with what staff need to see', async () => {
    const res = await adminOrders({ kind: 'unpaid-stale' }).expect(200);
    expect(orderIds(res)).toEqual([stale]);
    expect(res.body.paging).toEqual({ total: 1, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false });
    expect(res.body.data[0]).toEqual({
      orderId: stale,
      userId: ann.userId,
      email: ann.email,
      customerName: 'Test ann',
      planId: youtube.planId,
      planName: 'YouTube',
      tier: { pricingId: youtube.pricing[0].pricingId, name: youtube.pricing[0].name, price: youtube.pricing[0].price },
      amount: Math.round(Number(youtube.pricing[0].price) * 100),
      currency: 'USD',
      status: 'created',
      paymentId: null,
      failureReason: null,
      createdAt: expect.any(String),
      paidAt: null,
      // The spec app pays through the sandbox gateway (docs/payments.md#sandbox-orders).
      sandbox: true,
    });
    expect(orderIds(res)).not.toContain(fresh);
  });

  it('lists paid orders without a subscription, and never one paid the customer’s way', async () => {
    const res = await adminOrders({ kind: 'paid-without-subscription', page: 1, limit: 20 }).expect(200);
    expect(orderIds(res)).toEqual([orphan]);
    expect(res.body.data[0]).toMatchObject({ status: 'paid', paymentId: 'pay_Orphan0000001', paidAt: expect.any(String) });
    expect(res.body.paging).toEqual({ total: 1, page: 1, limit: 20, pages: 1, hasNext: false, hasPrev: false });
  });

  it('leaves out, and notes again, a paid order whose note is lost but whose subscription exists', async () => {
    await db().query('UPDATE payment_orders SET subscription_id = NULL WHERE order_id = $1', [paid]);
    expect(orderIds(await adminOrders({ kind: 'paid-without-subscription' }).expect(200))).toEqual([orphan]);
    const [row] = await db().query('SELECT subscription_id FROM payment_orders WHERE order_id = $1', [paid]);
    const [sub] = await db().query('SELECT subscription_id FROM subscriptions WHERE order_id = $1', [paid]);
    expect(row.subscription_id).toBe(sub.subscription_id);
  });

  it("gives the purchase the customer's address and name, so the task list finds it by e-mail", async () => {
    const res = await post('admin/tasks', { q: ann.email.toUpperCase() }, admin).expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ orderId: paid, customer: { userId: ann.userId, name: 'Test ann', email: ann.email } })]);
  });

  describe('sandbox orders (docs/payments.md#sandbox-orders)', () => {
    it('marks an order made and paid through the sandbox in the tasks, the client’s orders and the refunds, and not one recorded as real money', async () => {
      const real = `order_Real${Date.now().toString(36)}`;
      await t.app.get(RecordPurchaseUseCase).execute({
        userId: ann.userId,
        planId: null,
        planName: 'YouTube',
        profileLink: 'https://www.youtube.com/@ann',
        orderId: real,
        paymentId: `pay_${real.slice(6)}`,
        pricing: { pricingId: youtube.pricing[0].pricingId, name: 'Growth', price: '9.99', description: '', features: [], isPopular: false, currency: 'USD' },
        customerEmail: ann.email,
        customerName: 'Test ann',
      });
      const mark = (rows: Array<{ orderId: string; sandbox?: boolean }>) =>
        Object.fromEntries(rows.filter((r) => [paid, real].includes(r.orderId)).map((r) => [r.orderId, r.sandbox]));

      const tasks = await post('admin/tasks', { q: ann.email }, admin).expect(200);
      expect(mark(tasks.body.data)).toEqual({ [paid]: true, [real]: false });
      const client = await post('subscription/user', { userId: ann.userId }, admin).expect(200);
      expect(mark(client.body.subscriptions)).toEqual({ [paid]: true, [real]: false });

      const subscriptionId = (tasks.body.data as Array<{ orderId: string; subscriptionId: string }>).find((s) => s.orderId === paid)!.subscriptionId;
      const refunded = await post('admin/refunds', { subscriptionId, amount: '1.00', reason: 'A sandbox refund' }, admin).expect(200);
      expect(refunded.body.subscription).toMatchObject({ orderId: paid, sandbox: true });
      const refunds = await post('admin/refunds/list', { q: paid }, admin).expect(200);
      expect(refunds.body.data).toEqual([expect.objectContaining({ orderId: paid, kind: 'refund', sandbox: true })]);
    });

    it('the customer’s own list does not carry the mark', async () => {
      const own = await post('subscription/user', { userId: ann.userId }, ann.token).expect(200);
      expect(own.body.subscriptions.length).toBeGreaterThan(0);
      for (const s of own.body.subscriptions) expect(s).not.toHaveProperty('sandbox');
    });

    it('the runtime config says the shop takes no real money now', async () => {
      const res = await request(t.app.getHttpServer()).get('/api/runtime-config').expect(200);
      expect(res.body.payments).toEqual({ provider: 'sandbox', keyId: 'rzp_sandbox_local', sandbox: true });
    });
  });

  it('refuses hostile bodies with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'kind is required'],
      [{ kind: 'everything' }, 'kind must be one of paid-without-subscription, unpaid-stale'],
      [{ kind: 'unpaid-stale', limit: 7 }, 'limit must be one of 10, 20, 50, 100'],
      [{ kind: 'unpaid-stale', page: 'x' }, 'page must be a whole number from 1 to 1000000'],
      [{ kind: 'unpaid-stale\u0000' }, 'kind must not contain control characters'],
    ];
    for (const [body, message] of cases) expect((await adminOrders(body).expect(400)).body).toEqual({ success: false, message, error: expect.any(String) });
  });

  it('is for admins only: a customer gets 403, a visitor 401', async () => {
    await adminOrders({ kind: 'unpaid-stale' }, ann.token).expect(403);
    await post('admin/orders', { kind: 'unpaid-stale' }).expect(401);
  });
});

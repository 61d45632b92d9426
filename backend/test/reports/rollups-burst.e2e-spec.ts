import request from 'supertest';
import { DataSource } from 'typeorm';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { type CustomerSession, signUpCustomer } from '../support/customer-session';
import { as, eventually, planOf } from '../billing/support';
import { countedAttention, countedSales, keptAttention, keptSales } from './rollup-check';

/**
 * The rollups stay exact under concurrent writes and across a restart (docs/reports.md): 50
 * payments of different orders verified in parallel while 20 staff refunds settle through the
 * sandbox's webhooks and provider charges are written, then the rollups against a GROUP BY over
 * the source tables; the app restarted on the same database, another burst, the same comparison.
 * On PostgreSQL (DATABASE_URL) the writes really run at once, over the pool's connections.
 * Real: the whole app, the sandbox gateway and its refund webhooks, the customers' and staff's
 * routes. Arranged by SQL: provider charges (as the fulfilment sync writes them). Fake: nothing.
 */
describe('rollups under a burst of payments and refunds', () => {
  let t: TestApp;
  let admin: string;
  let customers: CustomerSession[];
  const db = () => t.app.get(DataSource);
  const env = { SANDBOX_REFUND_SETTLE_MS: '150', RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' };

  async function newOrder(customer: CustomerSession, platform: string, tier: number): Promise<string> {
    const plan = await planOf(t, platform);
    const res = await as(t, customer)
      .post('/api/payment/order', { userId: customer.userId, planId: plan.planId, pricingId: plan.pricing[tier].pricingId, profileLink: '@burst' })
      .expect(200);
    return res.body.order.id;
  }

  async function proofOf(customer: CustomerSession, orderId: string) {
    const res = await as(t, customer).post('/api/payment/sandbox/checkout', { orderId, outcome: 'success' }).expect(200);
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = res.body;
    return { razorpay_order_id, razorpay_payment_id, razorpay_signature };
  }

  /** 50 orders of the customers over several plans and currencies, each with its checkout proof, ready to verify. */
  async function preparePayments(count: number) {
    const platforms = ['youtube', 'instagram', 'tiktok', 'linkedin'];
    const ready: Array<{ customer: CustomerSession; proof: Awaited<ReturnType<typeof proofOf>> }> = [];
    for (let i = 0; i < count; i += 1) {
      const customer = customers[i % customers.length];
      const orderId = await newOrder(customer, platforms[i % platforms.length], i % 3);
      ready.push({ customer, proof: await proofOf(customer, orderId) });
    }
    return ready;
  }

  async function burst(round: number) {
    // Paid orders to refund while the payments run.
    const toRefund: string[] = [];
    for (const { customer, proof } of await preparePayments(20)) {
      toRefund.push((await as(t, customer).post('/api/payment/verify', proof).expect(200)).body.subscription.subscriptionId);
    }
    const payments = await preparePayments(50);
    const refunds = toRefund.map((subscriptionId, i) =>
      request(t.app.getHttpServer())
        .post('/api/admin/refunds')
        .set('Authorization', `Bearer ${admin}`)
        .send({ subscriptionId, reason: `Burst ${round} refund`, ...(i % 2 ? { amount: '1.00' } : {}) })
        .expect(200),
    );
    // The delivery on fulfilments and the Status on subscriptions, as the fulfilment ledger writes them.
    const charges = toRefund.map(async (subscriptionId, i) => {
      await db().query(
        `INSERT INTO fulfilments (subscription_id, fulfilment_state, upstream_service_id, upstream_quantity, fulfilment_queued_at, upstream_order_id, upstream_charge,
           upstream_currency)
         VALUES ($1::uuid, $2, '7', 1000, now(), 'up-' || $1::uuid::text, $3, 'USD')
         ON CONFLICT (subscription_id) DO UPDATE SET fulfilment_state = EXCLUDED.fulfilment_state, upstream_service_id = EXCLUDED.upstream_service_id, upstream_quantity = EXCLUDED.upstream_quantity, fulfilment_queued_at = EXCLUDED.fulfilment_queued_at, upstream_order_id = EXCLUDED.upstream_order_id, upstream_charge = EXCLUDED.upstream_charge, upstream_currency = EXCLUDED.upstream_currency`,
        [subscriptionId, i % 5 === 0 ? 'needs_review' : i % 3 === 0 ? 'done' : 'open', `0.${100 + i}`],
      );
      await db().query(`UPDATE subscriptions SET status = $2 WHERE subscription_id = $1`, [subscriptionId, i % 3 === 0 ? 1 : 0]);
    });
    const verified = payments.map(({ customer, proof }) => as(t, customer).post('/api/payment/verify', proof));
    const answers = await Promise.all([...verified, ...refunds, ...charges]);
    expect(answers.slice(0, payments.length).map((res) => (res as request.Response).status)).toEqual(payments.map(() => 200));
    // Every refund settled by the sandbox's webhook (processed), some of them during the payments.
    const pending = await eventually(
      async () => Number((await db().query(`SELECT count(*) AS n FROM refunds WHERE state = 'pending'`))[0].n),
      (n) => n === 0,
      20_000,
    );
    expect(pending).toBe(0);
  }

  async function expectExact() {
    expect(await keptSales(db())).toEqual(await countedSales(db()));
    expect(await keptAttention(db())).toEqual(await countedAttention(db()));
  }

  beforeAll(async () => {
    t = await createTestApp({ env, durable: true });
    admin = (await adminToken(t)).token;
    customers = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) customers.push(await signUpCustomer(t, `burst-${name}`));
    await db().query(`UPDATE plans SET currency = 'INR' WHERE slug = 'instagram'`);
    await db().query(`UPDATE plans SET currency = 'KWD' WHERE slug = 'tiktok'`);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('keeps the rollups equal to GROUP BY over the source tables after the burst', async () => {
    await burst(1);
    const [{ paid }] = await db().query(`SELECT count(*)::int AS paid FROM payment_orders WHERE status = 'paid'`);
    expect(paid).toBe(70);
    const [{ processed }] = await db().query(`SELECT count(*)::int AS processed FROM refunds WHERE state = 'processed'`);
    expect(processed).toBe(20);
    await expectExact();
  }, 120_000);

  it('is still exact after a restart, and after another burst', async () => {
    await t.stop();
    t = await createTestApp({ env, restartOf: t });
    admin = (await adminToken(t)).token;
    await expectExact();
    await burst(2);
    await expectExact();
    // The Overview reads them: today's paid orders in the answer equal the paid orders of today.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString();
    const res = await request(t.app.getHttpServer()).post('/api/admin/overview').set('Authorization', `Bearer ${admin}`).send({ from: today, to: today }).expect(200);
    const orders = res.body.currencies.reduce((n: number, c: { orders: { value: number } }) => n + c.orders.value, 0);
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM payment_orders WHERE status = 'paid' AND paid_at >= $1 AND paid_at < $2`, [
      `${today}T00:00:00Z`,
      tomorrow,
    ]);
    expect(orders).toBe(n);
  }, 120_000);
});

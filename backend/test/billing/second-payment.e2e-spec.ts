import { DataSource } from 'typeorm';
import { ReconcileOrdersUseCase } from '../../src/modules/billing/application/reconcile-orders.use-case';
import { Clock } from '../../src/platform/time/clock';
import { FakeClock } from '../identity/support';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { PaymentGateway } from '../../src/modules/billing/application/payment-gateway.port';
import { SandboxGateway } from '../../src/modules/billing/adapters/gateways/sandbox.gateway';
import type { PaymentOrder } from '../../src/modules/billing/domain/payment-order';
import type { RazorpayStandIn } from '../support/razorpay-stand-in';
import { appAgainstRazorpayStandIn, as, capturedEvent, deliverWebhook, eventually, outboxMails, planOf, signedProof, webhookDelivery, type PlanTiers } from './support';

/**
 * A second payment of an order already paid (docs/refunds.md#second-payments): the checkout's answer
 * was lost and the customer paid the same order again. Real: the whole app, its database (PGlite, or
 * PostgreSQL with DATABASE_URL), the outbox mailer, the sandbox gateway (its payments, its refunds
 * with their idempotency keys, its refund webhooks through the real handler). Fake: the clock, moved
 * by hand so the stuck-order sweep takes an order.
 */
describe('A second payment for an order already paid (sandbox gateway)', () => {
  let t: TestApp;
  let ann: CustomerSession;
  let admin: { token: string };
  let youtube: PlanTiers;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({
      env: { SANDBOX_REFUND_SETTLE_MS: '500', RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' },
      overrides: [{ provide: Clock, useValue: clock }],
    });
    ann = await signUpCustomer(t, 'ann');
    admin = await adminToken(t);
    youtube = await planOf(t, 'youtube');
  });

  afterAll(() => t?.close());

  const db = () => t.app.get(DataSource);
  const staff = () => as(t, { userId: '', email: '', token: admin.token });

  async function newOrder() {
    const pricing = youtube.pricing[0];
    const order = (
      await as(t, ann)
        .post('/api/payment/order', { userId: ann.userId, planId: youtube.planId, pricingId: pricing.pricingId, profileLink: 'https://www.youtube.com/@ann' })
        .expect(200)
    ).body.order as { id: string; amount: number; currency: string };
    return order;
  }

  const pay = async (orderId: string) =>
    (await as(t, ann).post('/api/payment/sandbox/checkout', { orderId, outcome: 'success' }).expect(200)).body as {
      razorpay_order_id: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
    };

  const refundsOf = (orderId: string) =>
    db().query(`SELECT payment_id, amount::text AS amount, state, reason, idempotency_key, note FROM refunds WHERE order_id = $1`, [orderId]) as Promise<
      Array<{ payment_id: string; amount: string; state: string; reason: string; idempotency_key: string; note: string }>
    >;
  const gatewayRefundsOf = (paymentId: string) =>
    db().query(`SELECT amount::text AS amount FROM sandbox_refunds WHERE payment_id = $1`, [paymentId]) as Promise<unknown[]>;

  it('two captures, then 50 verifications and webhooks of the second at once: each verification is a 409 order_already_paid, the second payment is refunded once, in full, and staff see it', async () => {
    const order = await newOrder();
    const first = await pay(order.id);
    await as(t, ann).post('/api/payment/verify', first).expect(200);
    // The answer of the first was lost and Ann paid again (the sandbox's dialog closes on a paid order; its card is used directly).
    const captured = await (t.app.get(PaymentGateway) as SandboxGateway).pay(
      { orderId: order.id, amount: order.amount, currency: order.currency } as PaymentOrder,
      'success',
    );
    const second = signedProof(order.id, captured.id);

    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? as(t, ann).post('/api/payment/verify', second)
        : deliverWebhook(t, webhookDelivery(capturedEvent(order.id, second.razorpay_payment_id, order.amount, order.currency))),
    );
    const answers = await Promise.all(calls);
    const verifications = answers.filter((_, i) => i % 2 === 0);
    expect(verifications.map((a) => [a.status, a.body.error])).toEqual(Array(25).fill([409, 'order_already_paid']));
    expect(answers.filter((_, i) => i % 2 === 1).map((a) => a.status)).toEqual(Array(25).fill(200));

    // One refund of the second payment, of all it took; the order's own payment is untouched.
    const refunds = await refundsOf(order.id);
    expect(refunds).toEqual([
      expect.objectContaining({
        payment_id: second.razorpay_payment_id,
        amount: String(order.amount),
        reason: 'second_payment',
        idempotency_key: `second-${second.razorpay_payment_id}`,
        note: expect.stringContaining('Second payment for an order already paid'),
      }),
    ]);
    expect(await gatewayRefundsOf(second.razorpay_payment_id)).toHaveLength(1);
    expect(await gatewayRefundsOf(first.razorpay_payment_id)).toHaveLength(0);
    const [row] = await db().query(`SELECT payment_id, refunded_amount::text AS refunded FROM payment_orders WHERE order_id = $1`, [order.id]);
    expect(row).toEqual({ payment_id: first.razorpay_payment_id, refunded: '0' });

    // Settled by the sandbox's refund webhook; the customer is told once it is issued and once it is processed.
    await eventually(
      () => refundsOf(order.id),
      (rows) => rows[0]?.state === 'processed',
    );
    expect((await refundsOf(order.id))[0].state).toBe('processed');
    expect(outboxMails(t.dataDir, ann.email, 'Refund of')).toHaveLength(1);

    // Staff: the refunds list names it, and the audit log holds one entry.
    const list = await staff().post('/api/admin/refunds/list', { q: order.id }).expect(200);
    expect(list.body.data).toEqual([expect.objectContaining({ reason: 'second_payment', paymentId: second.razorpay_payment_id, state: 'processed' })]);
    const audit = await db().query(`SELECT action FROM audit_log WHERE entity_id = $1`, [order.id]);
    expect(audit).toEqual([{ action: 'refund.second_payment' }]);

    // Later repeats change nothing.
    expect((await as(t, ann).post('/api/payment/verify', second)).status).toBe(409);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await gatewayRefundsOf(second.razorpay_payment_id)).toHaveLength(1);
  }, 60_000);

  it('an unpaid order with two captures that no browser or webhook brought: the stuck-order sweep completes it with one and refunds the other, once', async () => {
    const order = await newOrder();
    const [a, b] = [await pay(order.id), await pay(order.id)];
    clock.advance(6 * 60_000);
    const sweep = t.app.get(ReconcileOrdersUseCase);
    await sweep.execute();
    await sweep.execute();

    const [row] = await db().query(`SELECT status, payment_id FROM payment_orders WHERE order_id = $1`, [order.id]);
    expect(row.status).toBe('paid');
    const other = row.payment_id === a.razorpay_payment_id ? b.razorpay_payment_id : a.razorpay_payment_id;
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ payment_id: other, reason: 'second_payment', amount: String(order.amount) })]);
    expect(await gatewayRefundsOf(other)).toHaveLength(1);
    expect(await gatewayRefundsOf(row.payment_id)).toHaveLength(0);
  }, 60_000);
});

/** The same on the Razorpay adapter, against the stand-in of Razorpay's API (its payments, refunds and idempotency keys). */
describe('A second payment for an order already paid (Razorpay gateway against the stand-in)', () => {
  const keys = { keyId: 'rzp_test_SecondPay00001', keySecret: 'second-payment-key-secret', webhookSecret: 'second-payment-webhook-secret' };
  let standIn: RazorpayStandIn;
  let t: TestApp;
  let ann: CustomerSession;
  let youtube: PlanTiers;

  beforeAll(async () => {
    ({ t, standIn } = await appAgainstRazorpayStandIn(keys, new FakeClock()));
    ann = await signUpCustomer(t, 'ann');
    youtube = await planOf(t, 'youtube');
  });

  afterAll(async () => {
    await t?.close();
    await standIn?.stop();
  });

  it('50 verifications and webhooks of the second capture at once: 409s, one refund call per key, one refund at Razorpay, of all it took', async () => {
    const order = (
      await as(t, ann)
        .post('/api/payment/order', { userId: ann.userId, planId: youtube.planId, pricingId: youtube.pricing[0].pricingId, profileLink: 'https://www.youtube.com/@ann' })
        .expect(200)
    ).body.order as { id: string; amount: number; currency: string };
    const first = standIn.addPayment(order.id, { status: 'captured' });
    await as(t, ann)
      .post('/api/payment/verify', signedProof(order.id, first.id, keys.keySecret))
      .expect(200);
    const second = standIn.addPayment(order.id, { status: 'captured' });

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? as(t, ann).post('/api/payment/verify', signedProof(order.id, second.id, keys.keySecret))
          : deliverWebhook(t, webhookDelivery(capturedEvent(order.id, second.id, order.amount, order.currency), keys.webhookSecret)),
      ),
    );
    expect(answers.filter((_, i) => i % 2 === 0).map((a) => [a.status, a.body.error])).toEqual(Array(25).fill([409, 'order_already_paid']));
    await standIn.settled();
    expect(standIn.refunds(second.id)).toEqual([expect.objectContaining({ amount: order.amount })]);
    expect(standIn.refunds(first.id)).toHaveLength(0);
    const calls = standIn.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${second.id}/refund`);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(calls.map((r) => r.headers['x-refund-idempotency']))).toEqual(new Set([`second-${second.id}`]));
    const rows = await t.app.get(DataSource).query(`SELECT reason, payment_id FROM refunds WHERE order_id = $1`, [order.id]);
    expect(rows).toEqual([{ reason: 'second_payment', payment_id: second.id }]);
  }, 60_000);
});

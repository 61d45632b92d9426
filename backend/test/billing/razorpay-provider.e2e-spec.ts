import { DataSource } from 'typeorm';
import { ReconcileOrdersUseCase } from '../../src/modules/billing/application/reconcile-orders.use-case';
import { GATEWAY_REFUSED_MESSAGE, GATEWAY_UNREACHABLE_MESSAGE } from '../../src/modules/billing/adapters/gateways/razorpay.gateway';
import { FakeClock } from '../identity/support';
import type { TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { razorpayError, type RazorpayStandIn } from '../support/razorpay-stand-in';
import {
  SANDBOX_KEY_SECRET,
  appAgainstRazorpayStandIn,
  SANDBOX_WEBHOOK_SECRET,
  as,
  capturedEvent,
  deliverWebhook,
  orderRow as storedOrder,
  subscriptionsOf as subscriptionsOfOrder,
  paymentId,
  planOf,
  signedProof,
  webhookDelivery,
  type PlanTiers,
} from './support';

/**
 * The money path with PAYMENTS_PROVIDER=razorpay, over HTTP: the production RazorpayGateway (the
 * `razorpay` SDK, its axios client, real HTTP on 127.0.0.1) creates orders and lists payments.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the queue (BullMQ with
 * REDIS_URL), the outbox mailer, the SDK. Fake: Razorpay's Orders API, played by the local stand-in
 * (test/support/razorpay-stand-in.ts, RAZORPAY_API_URL), and the clock (moved by hand for the sweep).
 *
 * Not covered here: a Razorpay that never answers. The gateway's timeout (10 s) is not configurable
 * through the environment, so the int-spec of RazorpayGateway covers it with a short timeout.
 */
const KEY_ID = 'rzp_test_E2eStandIn001';
const KEY_SECRET = 'e2e-stand-in-key-secret';
const WEBHOOK_SECRET = 'e2e-stand-in-webhook-secret';
const MINUTE = 60_000;

/** Cents of a decimal price text, by integer arithmetic on its digits ("49.99" → 4999). */
function centsOf(price: string): number {
  const [whole, fraction = ''] = price.split('.');
  return Number(BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0')));
}

describe('Payments (Razorpay gateway against the stand-in)', () => {
  let standIn: RazorpayStandIn;
  let t: TestApp;
  let ann: CustomerSession;
  let youtube: PlanTiers;
  const clock = new FakeClock();

  beforeAll(async () => {
    ({ t, standIn } = await appAgainstRazorpayStandIn({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET }, clock));
    ann = await signUpCustomer(t, 'ann');
    youtube = await planOf(t, 'youtube');
  });

  afterAll(async () => {
    await t?.close();
    await standIn?.stop();
  });

  const orderBody = (tier = 1) => ({
    userId: ann.userId,
    planId: youtube.planId,
    pricingId: youtube.pricing[tier].pricingId,
    currency: 'USD',
    profileLink: 'https://www.youtube.com/@ann',
  });

  async function newOrder(tier = 1): Promise<{ id: string; amount: number; currency: string }> {
    return (await as(t, ann).post('/api/payment/order', orderBody(tier)).expect(200)).body.order;
  }

  const db = () => t.app.get(DataSource);
  const orderRow = (orderId: string) => storedOrder(t, orderId);
  const subscriptionsOf = (orderId: string) => subscriptionsOfOrder(t, orderId);
  const ordersOfAnn = async () => Number((await db().query('SELECT count(*) AS n FROM payment_orders WHERE user_id = $1', [ann.userId]))[0].n);

  describe('POST /payment/order', () => {
    it("creates the order at Razorpay with the tier's amount in cents, under Basic auth, and answers Razorpay's order id", async () => {
      expect(youtube.pricing).toHaveLength(3);
      for (const [index, tier] of youtube.pricing.entries()) {
        const cents = centsOf(tier.price);
        const before = standIn.requests.length;

        const res = await as(t, ann).post('/api/payment/order', orderBody(index)).expect(200);

        const sent = standIn.requests.slice(before);
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({
          method: 'POST',
          path: '/v1/orders',
          auth: { keyId: KEY_ID, keySecret: KEY_SECRET },
          body: {
            amount: cents,
            currency: 'USD',
            receipt: expect.stringMatching(/^rcpt_[0-9a-f]{24}$/),
            notes: { userId: ann.userId, planId: youtube.planId, pricingId: tier.pricingId },
          },
        });
        const atRazorpay = standIn.order(res.body.order.id);
        expect(atRazorpay).toMatchObject({ amount: cents, currency: 'USD', status: 'created' });
        expect(res.body).toEqual({
          success: true,
          order: { id: atRazorpay?.id, amount: cents, currency: 'USD', exponent: 2, expiresAt: expect.any(String) },
          keyId: KEY_ID,
          provider: 'razorpay',
          description: `YouTube · ${tier.name}`,
          callbackUrl: '/api/payment/callback',
        });
        expect(await orderRow(res.body.order.id)).toMatchObject({ status: 'created', payment_id: null, amount: String(cents), currency: 'USD' });
      }
    });

    it.each([
      ['answers HTTP 500', () => standIn.failNext(500), GATEWAY_UNREACHABLE_MESSAGE],
      ["answers a proxy's 502 page", () => standIn.failNext(502, '<html><body>Bad Gateway</body></html>'), GATEWAY_UNREACHABLE_MESSAGE],
      ['drops the connection', () => standIn.closeNext(), GATEWAY_UNREACHABLE_MESSAGE],
      ['refuses the request (401)', () => standIn.failNext(401, razorpayError('BAD_REQUEST_ERROR', 'Authentication failed')), GATEWAY_REFUSED_MESSAGE],
    ])('answers 502 with a message for people and stores no order when Razorpay %s', async (_what, script, message) => {
      const stored = await ordersOfAnn();
      const before = standIn.requests.length;
      script();

      const res = await as(t, ann).post('/api/payment/order', orderBody()).expect(502);

      expect(res.body).toEqual({ success: false, message, error: 'gateway_unavailable' });
      expect(standIn.requests.slice(before)).toEqual([expect.objectContaining({ method: 'POST', path: '/v1/orders' })]);
      expect(await ordersOfAnn()).toBe(stored);
      // The next order goes through again.
      await newOrder();
      expect(await ordersOfAnn()).toBe(stored + 1);
    });
  });

  describe('POST /payment/verify', () => {
    it('accepts a payment signed with the configured key secret: one subscription', async () => {
      const order = await newOrder();
      const proof = signedProof(order.id, paymentId(), KEY_SECRET);

      const res = await as(t, ann).post('/api/payment/verify', proof).expect(200);

      expect(res.body).toMatchObject({
        success: true,
        message: 'Payment verified',
        subscription: { orderId: order.id, paymentId: proof.razorpay_payment_id, Status: 0 },
      });
      expect(await subscriptionsOf(order.id)).toEqual([expect.objectContaining({ payment_id: proof.razorpay_payment_id })]);
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid', payment_id: proof.razorpay_payment_id });
      // A test key (rzp_test_…) takes no real money: the order and its subscription are sandbox ones (docs/payments.md#sandbox-orders).
      expect(await db().query('SELECT sandbox FROM payment_orders WHERE order_id = $1', [order.id])).toEqual([{ sandbox: true }]);
      expect(await db().query('SELECT sandbox FROM subscriptions WHERE order_id = $1', [order.id])).toEqual([{ sandbox: true }]);
    });

    it("refuses a payment signed with the sandbox's default secret with 400", async () => {
      const order = await newOrder();
      const res = await as(t, ann)
        .post('/api/payment/verify', signedProof(order.id, paymentId(), SANDBOX_KEY_SECRET))
        .expect(400);
      expect(res.body).toEqual({ success: false, message: 'Payment verification failed: the payment signature is not valid.', error: 'invalid_signature' });
      expect(await subscriptionsOf(order.id)).toHaveLength(0);
      expect(await orderRow(order.id)).toMatchObject({ status: 'created' });
    });
  });

  it('has no sandbox checkout (404)', async () => {
    const order = await newOrder();
    const res = await as(t, ann).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }).expect(404);
    expect(res.body).toMatchObject({ success: false, error: 'not_found' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'created' });
  });

  describe('POST /payment/webhook', () => {
    const deliver = (delivery: { body: string; eventId: string; signature: string }) => deliverWebhook(t, delivery);

    it('completes an order on payment.captured signed with the configured webhook secret', async () => {
      const order = await newOrder();
      const payment = standIn.addPayment(order.id, { status: 'captured' });

      const res = await deliver(webhookDelivery(capturedEvent(order.id, payment.id, order.amount), WEBHOOK_SECRET)).expect(200);

      expect(res.body).toEqual({ success: true, outcome: 'completed' });
      expect(await subscriptionsOf(order.id)).toEqual([expect.objectContaining({ payment_id: payment.id })]);
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid', payment_id: payment.id });
    });

    it("refuses a delivery signed with the sandbox's default webhook secret", async () => {
      const order = await newOrder();
      const res = await deliver(webhookDelivery(capturedEvent(order.id, paymentId(), order.amount), SANDBOX_WEBHOOK_SECRET)).expect(400);
      expect(res.body).toMatchObject({ success: false, error: 'invalid_signature' });
      expect(await subscriptionsOf(order.id)).toHaveLength(0);
    });
  });

  describe('the stuck-order sweep', () => {
    it('completes an order Razorpay reports captured and fails one whose only payment failed once it is 30 minutes old', async () => {
      const paid = await newOrder(0);
      const declined = await newOrder(2);
      const untouched = await newOrder(1);
      const captured = standIn.addPayment(paid.id, { status: 'captured' });
      standIn.addPayment(declined.id, { status: 'failed', errorDescription: 'Your payment was declined by the bank.' });
      const sweep = t.app.get(ReconcileOrdersUseCase);

      clock.advance(6 * MINUTE);
      const before = standIn.requests.length;
      await sweep.execute();

      const asked = standIn.requests.slice(before).filter((r) => r.method === 'GET');
      for (const order of [paid, declined, untouched]) {
        expect(asked).toContainEqual(expect.objectContaining({ path: `/v1/orders/${order.id}/payments`, auth: { keyId: KEY_ID, keySecret: KEY_SECRET } }));
      }
      expect(await subscriptionsOf(paid.id)).toEqual([expect.objectContaining({ payment_id: captured.id })]);
      expect(await orderRow(paid.id)).toMatchObject({ status: 'paid', payment_id: captured.id });
      // Declined 6 minutes ago: the customer may still retry in the checkout.
      expect(await orderRow(declined.id)).toMatchObject({ status: 'created', failure_reason: null });

      clock.advance(25 * MINUTE);
      await sweep.execute();

      expect(await orderRow(declined.id)).toMatchObject({ status: 'failed', failure_reason: 'Your payment was declined by the bank.' });
      expect(await subscriptionsOf(declined.id)).toHaveLength(0);
      // No attempt at all, 31 minutes old: still waiting (failed only after 24 hours).
      expect(await orderRow(untouched.id)).toMatchObject({ status: 'created' });
    });
  });
});

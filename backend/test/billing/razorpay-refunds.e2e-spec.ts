import { DataSource } from 'typeorm';
import { BillingProcessor, RECONCILE_REFUNDS_JOB } from '../../src/modules/billing/adapters/queue/billing.processor';
import { FakeClock } from '../identity/support';
import { adminToken } from '../support/admin-session';
import type { TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { razorpayError, type RazorpayStandIn } from '../support/razorpay-stand-in';
import { appAgainstRazorpayStandIn, as, deliverWebhook, planOf, signedProof, webhookDelivery, type PlanTiers } from './support';

/**
 * Refunds with PAYMENTS_PROVIDER=razorpay (docs/refunds.md): the production RazorpayGateway calls
 * the Refunds API with our idempotency key; an answer lost after Razorpay acted is repeated by the
 * refund sweep with the SAME key (one refund at Razorpay); a refusal fails the refund with Razorpay's
 * words; pending refunds are settled by the signed webhooks or by asking Razorpay.
 * Real: the whole app, its database and queue, the `razorpay` SDK over HTTP. Fake: Razorpay's API
 * (test/support/razorpay-stand-in.ts) and the clock (moved past the sweep's quiet minute).
 */
const KEY_ID = 'rzp_test_E2eRefunds0001';
const KEY_SECRET = 'e2e-refunds-key-secret';
const WEBHOOK_SECRET = 'e2e-refunds-webhook-secret';

describe('Refunds (Razorpay gateway against the stand-in)', () => {
  let standIn: RazorpayStandIn;
  let t: TestApp;
  let ann: CustomerSession;
  let admin: { token: string };
  let youtube: PlanTiers;
  const clock = new FakeClock();

  beforeAll(async () => {
    ({ t, standIn } = await appAgainstRazorpayStandIn({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET }, clock));
    ann = await signUpCustomer(t, 'ann');
    admin = await adminToken(t);
    youtube = await planOf(t, 'youtube');
  });

  afterEach(() => standIn.answerRefundsAs('processed'));

  afterAll(async () => {
    await t?.close();
    await standIn?.stop();
  });

  const staff = () => as(t, { userId: '', email: '', token: admin.token });
  const sweep = () => t.app.get(BillingProcessor).process({ name: RECONCILE_REFUNDS_JOB, data: {} } as never);

  async function buy(): Promise<{ subscriptionId: string; orderId: string; paymentId: string; amount: number }> {
    const order = (
      await as(t, ann)
        .post('/api/payment/order', { userId: ann.userId, planId: youtube.planId, pricingId: youtube.pricing[1].pricingId, profileLink: 'https://www.youtube.com/@ann' })
        .expect(200)
    ).body.order;
    const payment = standIn.addPayment(order.id, { status: 'captured' });
    const verified = await as(t, ann)
      .post('/api/payment/verify', signedProof(order.id, payment.id, KEY_SECRET))
      .expect(200);
    return { subscriptionId: verified.body.subscription.subscriptionId, orderId: order.id, paymentId: payment.id, amount: order.amount };
  }

  const refundCalls = (paymentId: string) => standIn.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refund`);
  const stored = async (refundId: string) =>
    (await t.app.get(DataSource).query('SELECT state, gateway_refund_id, failure_reason, attempts FROM refunds WHERE refund_id = $1', [refundId]))[0];

  it("calls Razorpay's Refunds API once, in cents, speed normal, with our idempotency key; a processed answer settles at once", async () => {
    const order = await buy();
    const res = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, amount: '3.13', reason: 'Part not delivered' }).expect(200);

    const calls = refundCalls(order.paymentId);
    expect(calls).toHaveLength(1);
    expect(calls[0].auth).toEqual({ keyId: KEY_ID, keySecret: KEY_SECRET });
    expect(calls[0].body).toEqual({
      amount: 313,
      speed: 'normal',
      receipt: res.body.refund.refundId,
      notes: { refund_id: res.body.refund.refundId, order_id: order.orderId, reason: 'staff' },
    });
    expect(calls[0].headers['x-refund-idempotency']).toBe(`refund-${res.body.refund.refundId}`);
    expect(res.body.refund).toMatchObject({ state: 'processed', amount: '3.13', gatewayRefundId: standIn.refunds(order.paymentId)[0].id });
    expect(res.body.subscription.refund).toMatchObject({ state: 'processed', refunded: '3.13' });
  });

  it('an answer lost after Razorpay refunded: the refund stays pending, the sweep repeats the call with the same key, and Razorpay holds ONE refund', async () => {
    const order = await buy();
    standIn.closeNext({ afterActing: true });
    const res = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Customer asked by phone' }).expect(200);
    expect(res.body.refund).toMatchObject({ state: 'pending', gatewayRefundId: null });
    expect(standIn.refunds(order.paymentId)).toHaveLength(1);

    await sweep(); // within the quiet minute: not touched yet
    expect(refundCalls(order.paymentId)).toHaveLength(1);
    clock.advance(61_000);
    await sweep();

    const calls = refundCalls(order.paymentId);
    expect(calls).toHaveLength(2);
    expect(calls[1].headers['x-refund-idempotency']).toBe(calls[0].headers['x-refund-idempotency']);
    expect(calls[1].body).toEqual(calls[0].body);
    expect(standIn.refunds(order.paymentId)).toHaveLength(1);
    expect(await stored(res.body.refund.refundId)).toMatchObject({ state: 'processed', gateway_refund_id: standIn.refunds(order.paymentId)[0].id });
  });

  it("a refusal fails the refund with Razorpay's words; the amount is refundable again", async () => {
    const order = await buy();
    standIn.failNext(400, razorpayError('BAD_REQUEST_ERROR', 'The refund amount provided is greater than amount captured', { field: 'amount' }));
    const res = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Wrong order' }).expect(200);
    expect(res.body.refund).toMatchObject({ state: 'failed', failure: expect.stringContaining('The refund amount provided is greater than amount captured') });
    expect(res.body.subscription.refund).toMatchObject({ state: 'failed', requested: '0.00', refundable: res.body.subscription.pricing.price });
  });

  it('a pending refund is settled by refund.failed (signed), and staff refund again; a forged event changes nothing', async () => {
    const order = await buy();
    standIn.answerRefundsAs('pending');
    const res = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Goodwill' }).expect(200);
    const { refundId, gatewayRefundId } = res.body.refund;
    expect(res.body.refund.state).toBe('pending');
    const event = {
      event: 'refund.failed',
      payload: { refund: { entity: { id: gatewayRefundId, payment_id: order.paymentId, amount: order.amount, status: 'failed', notes: { refund_id: refundId } } } },
    };

    standIn.settleRefund(gatewayRefundId, 'failed'); // Razorpay fails it, then tells us
    await deliverWebhook(t, webhookDelivery(event, 'sandbox-webhook-secret')).expect(400);
    expect(await stored(refundId)).toMatchObject({ state: 'pending' });
    const delivery = webhookDelivery(event, WEBHOOK_SECRET);
    expect((await deliverWebhook(t, delivery).expect(200)).body.outcome).toBe('refund_failed');
    expect((await deliverWebhook(t, delivery).expect(200)).body.outcome).toBe('duplicate');
    expect(await stored(refundId)).toMatchObject({ state: 'failed' });

    standIn.answerRefundsAs('processed');
    const again = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Second try' }).expect(200);
    expect(again.body.refund.state).toBe('processed');
    expect(again.body.subscription.refund).toMatchObject({ state: 'processed', refundable: '0.00' });
  });

  it('a refund pending at Razorpay is asked about by the sweep and settled when Razorpay has processed it', async () => {
    const order = await buy();
    standIn.answerRefundsAs('pending');
    const res = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Slow bank' }).expect(200);
    standIn.settleRefund(res.body.refund.gatewayRefundId, 'processed');
    clock.advance(61_000);
    await sweep();
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `/v1/refunds/${res.body.refund.gatewayRefundId}`)).toBe(true);
    expect(await stored(res.body.refund.refundId)).toMatchObject({ state: 'processed' });
  });
});

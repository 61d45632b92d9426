import request from 'supertest';
import { DataSource } from 'typeorm';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { ReconcileOrdersUseCase } from '../../src/modules/billing/application/reconcile-orders.use-case';
import { RECONCILE_EVERY_MS, RECONCILE_ORDERS_JOB, RECONCILE_REFUNDS_JOB } from '../../src/modules/billing/adapters/queue/billing.processor';
import { JobQueue } from '../../src/platform/queue/job-queue.port';
import { BILLING_QUEUE } from '../../src/modules/fulfilment/application/shortfall-jobs';
import { adminToken } from '../support/admin-session';
import { Clock } from '../../src/platform/time/clock';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { FakeClock } from '../identity/support';
import {
  as,
  capturedEvent,
  confirmationMails,
  deliverWebhook,
  eventually,
  paymentId,
  planOf,
  orderRow as storedOrder,
  signedProof,
  subscriptionsOf as subscriptionsOfOrder,
  webhookDelivery,
  type PlanTiers,
} from './support';

/**
 * The money path over HTTP: POST /payment/order, /payment/sandbox/checkout, /payment/verify,
 * /payment/webhook, /payment/callback and the stuck-order sweep.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the queue (BullMQ on
 * Redis with REDIS_URL) and the outbox mailer; the sandbox gateway (PAYMENTS_PROVIDER default).
 * Fake: the clock (moved by hand for the sweep).
 */
describe('Payments (sandbox gateway)', () => {
  let t: TestApp;
  let ann: CustomerSession;
  let bob: CustomerSession;
  let youtube: PlanTiers;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' }, overrides: [{ provide: Clock, useValue: clock }] });
    [ann, bob] = [await signUpCustomer(t, 'ann'), await signUpCustomer(t, 'bob')];
    youtube = await planOf(t, 'youtube');
  });

  afterAll(() => t?.close());

  const orderBody = (who: CustomerSession, extra: object = {}) => ({
    userId: who.userId,
    planId: youtube.planId,
    pricingId: youtube.pricing[1].pricingId,
    currency: 'USD',
    profileLink: '  https://www.youtube.com/@ann  ',
    ...extra,
  });

  async function newOrder(who: CustomerSession, extra: object = {}) {
    const res = await as(t, who).post('/api/payment/order', orderBody(who, extra)).expect(200);
    return res.body.order as { id: string; amount: number; currency: string };
  }

  const subscriptionsOf = (orderId: string) => subscriptionsOfOrder(t, orderId);
  const orderRow = (orderId: string) => storedOrder(t, orderId);

  describe('POST /payment/order', () => {
    it('stores the order with the amount computed from the tier price and answers what the checkout needs', async () => {
      const res = await as(t, ann).post('/api/payment/order', orderBody(ann)).expect(200);
      const cents = Math.round(Number(youtube.pricing[1].price) * 100);
      expect(res.body).toEqual({
        success: true,
        order: { id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/), amount: cents, currency: 'USD', exponent: 2, expiresAt: expect.any(String) },
        keyId: 'rzp_sandbox_local',
        provider: 'sandbox',
        description: `YouTube · ${youtube.pricing[1].name}`,
        callbackUrl: '/api/payment/callback',
      });
      expect(await orderRow(res.body.order.id)).toMatchObject({ status: 'created', payment_id: null, amount: String(cents) });
    });

    it('ignores an amount or price the client sends', async () => {
      const order = await newOrder(ann, { amount: 1, price: '0.01', order: { amount: 1 } });
      expect(order.amount).toBe(Math.round(Number(youtube.pricing[1].price) * 100));
    });

    it("defaults the currency to the plan's (USD) and refuses another", async () => {
      const { currency: _omit, ...withoutCurrency } = orderBody(ann);
      expect((await as(t, ann).post('/api/payment/order', withoutCurrency).expect(200)).body.order.currency).toBe('USD');
      const res = await as(t, ann)
        .post('/api/payment/order', orderBody(ann, { currency: 'EUR' }))
        .expect(400);
      expect(res.body).toEqual({ success: false, message: 'currency must be USD for YouTube packages', error: 'invalid_currency' });
    });

    it.each([
      [{ profileLink: '' }, 'Profile link is required'],
      [{ profileLink: '    ' }, 'Profile link is required'],
      [{ profileLink: undefined }, 'Profile link is required'],
      [{ profileLink: 'mailto:ann@example.com' }, 'Please enter a valid URL'],
      [{ profileLink: 'https://www.instagram.com/ann' }, 'This link is for Instagram. Please enter your YouTube profile link (youtube.com/…).'],
      [{ profileLink: 'javascript:alert(1)' }, 'Please enter a valid URL'],
      [{ profileLink: 'ftp://example.com/me' }, 'Please enter a valid URL'],
      [{ profileLink: 42 }, 'Please enter a valid URL'],
      [{ profileLink: 'https://www.youtube.com/@ann\u0000' }, 'profileLink must not contain control characters'],
      [{ planId: 'not-a-uuid' }, 'planId must be a valid id'],
      [{ pricingId: '' }, 'pricingId is required'],
      [{ userId: null }, 'userId is required'],
      [{ currency: 'dollars' }, 'currency must be a three-letter code such as USD'],
    ])('refuses %j with 400 %j', async (extra, message) => {
      const res = await as(t, ann).post('/api/payment/order', orderBody(ann, extra)).expect(400);
      expect(res.body).toMatchObject({ success: false, message });
    });

    it('refuses a tier of another plan, and an unknown plan', async () => {
      const instagram = await planOf(t, 'instagram');
      const foreign = await as(t, ann)
        .post('/api/payment/order', orderBody(ann, { pricingId: instagram.pricing[0].pricingId }))
        .expect(404);
      expect(foreign.body.error).toBe('pricing_not_found');
      const unknown = await as(t, ann)
        .post('/api/payment/order', orderBody(ann, { planId: '00000000-0000-4000-8000-000000000000' }))
        .expect(404);
      expect(unknown.body).toMatchObject({ message: 'Plan not found', error: 'plan_not_found' });
    });

    it('refuses a plan that is not Active', async () => {
      const tiktok = await planOf(t, 'tiktok');
      await t.app.get(DataSource).query(`UPDATE plans SET status = 'Inactive' WHERE plan_id = $1`, [tiktok.planId]);
      const res = await as(t, ann)
        .post('/api/payment/order', orderBody(ann, { planId: tiktok.planId, pricingId: tiktok.pricing[0].pricingId }))
        .expect(409);
      expect(res.body).toEqual({ success: false, message: 'TikTok packages are not on sale right now.', error: 'plan_not_on_sale' });
    });

    it('is only for the signed-in customer themself', async () => {
      await as(t, null).post('/api/payment/order', orderBody(ann)).expect(401);
      const other = await as(t, bob).post('/api/payment/order', orderBody(ann)).expect(403);
      expect(other.body).toMatchObject({ success: false, error: 'not_your_account' });
      const admin = await adminToken(t);
      await request(t.app.getHttpServer()).post('/api/payment/order').set('Authorization', `Bearer ${admin.token}`).send(orderBody(ann)).expect(403);
    });
  });

  describe('POST /payment/verify', () => {
    it('turns a correctly signed payment into one subscription (Status 0, the tier as bought) and one mail', async () => {
      const order = await newOrder(ann);
      const proof = signedProof(order.id);
      const res = await as(t, ann).post('/api/payment/verify', proof).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Payment verified',
        subscription: {
          orderId: order.id,
          paymentId: proof.razorpay_payment_id,
          planName: 'YouTube',
          profileLink: 'https://www.youtube.com/@ann',
          Status: 0,
          user: ann.userId,
          pricing: { pricingId: youtube.pricing[1].pricingId, name: youtube.pricing[1].name, price: youtube.pricing[1].price, currency: 'USD' },
        },
      });
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid', payment_id: proof.razorpay_payment_id });
      const mails = await eventually(
        () => confirmationMails(t.dataDir, ann.email).filter((m) => m.text.includes(order.id)),
        (m) => m.length > 0,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('Plan: YouTube');
      expect(mails[0].text).toContain(`Package: ${youtube.pricing[1].name}`);
      expect(mails[0].text).toContain(`Amount: ${youtube.pricing[1].price} USD`);
      expect(mails[0].text).toContain('Profile link: https://www.youtube.com/@ann');

      const again = await as(t, ann).post('/api/payment/verify', proof).expect(200);
      expect(again.body.subscription.subscriptionId).toBe(res.body.subscription.subscriptionId);
      expect(await subscriptionsOf(order.id)).toHaveLength(1);
    });

    it.each([
      ['a wrong signature', (id: string) => ({ ...signedProof(id), razorpay_signature: 'f'.repeat(64) })],
      ['another secret', (id: string) => signedProof(id, paymentId(), 'not-the-secret')],
      ['a signature of another payment', (id: string) => ({ ...signedProof(id), razorpay_payment_id: paymentId() })],
    ])('refuses %s with 400 and stores nothing', async (_what, proofOf) => {
      const order = await newOrder(ann);
      const res = await as(t, ann).post('/api/payment/verify', proofOf(order.id)).expect(400);
      expect(res.body).toEqual({ success: false, message: 'Payment verification failed: the payment signature is not valid.', error: 'invalid_signature' });
      expect(await subscriptionsOf(order.id)).toHaveLength(0);
      expect(await orderRow(order.id)).toMatchObject({ status: 'created' });
    });

    it('checks the signature against the order id we stored, not one the browser swaps in', async () => {
      const mine = await newOrder(ann);
      const other = await newOrder(ann);
      const proof = signedProof(mine.id);
      await as(t, ann)
        .post('/api/payment/verify', { ...proof, razorpay_order_id: other.id })
        .expect(400);
      expect(await subscriptionsOf(other.id)).toHaveLength(0);
    });

    it.each([
      [{}, 'razorpay_order_id is required; razorpay_payment_id is required; razorpay_signature is required'],
      [{ razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x' }, 'razorpay_signature is required'],
      [{ razorpay_order_id: "order_x' OR 1=1", razorpay_payment_id: 'pay_x', razorpay_signature: 'ab' }, 'razorpay_order_id is not valid'],
      [{ razorpay_order_id: ['order_x'], razorpay_payment_id: 'pay_x', razorpay_signature: 'ab' }, 'razorpay_order_id must be text'],
    ])('refuses the body %j with 400', async (body, message) => {
      const res = await as(t, ann).post('/api/payment/verify', body).expect(400);
      expect(res.body).toMatchObject({ success: false, message });
    });

    it("answers 404 for an unknown order and 403 for another customer's", async () => {
      await as(t, ann).post('/api/payment/verify', signedProof('order_DoesNotExist01')).expect(404);
      const order = await newOrder(ann);
      await as(t, bob).post('/api/payment/verify', signedProof(order.id)).expect(403);
      await as(t, null).post('/api/payment/verify', signedProof(order.id)).expect(401);
    });

    it('refuses a second, different payment of a paid order with 409', async () => {
      const order = await newOrder(ann);
      await as(t, ann).post('/api/payment/verify', signedProof(order.id)).expect(200);
      const res = await as(t, ann).post('/api/payment/verify', signedProof(order.id)).expect(409);
      expect(res.body.error).toBe('order_already_paid');
    });

    it('gives one subscription and one mail for 50 concurrent verifications of one order', async () => {
      const order = await newOrder(ann);
      const proof = signedProof(order.id);
      const answers = await Promise.all(Array.from({ length: 50 }, () => as(t, ann).post('/api/payment/verify', proof)));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      expect(new Set(answers.map((a) => a.body.subscription.subscriptionId)).size).toBe(1);
      expect(await subscriptionsOf(order.id)).toHaveLength(1);
      await eventually(
        () => confirmationMails(t.dataDir, ann.email).filter((m) => m.text.includes(order.id)),
        (m) => m.length > 0,
      );
      await new Promise((resolve) => setTimeout(resolve, 500)); // a second mail would have arrived by now
      expect(confirmationMails(t.dataDir, ann.email).filter((m) => m.text.includes(order.id))).toHaveLength(1);
    });
  });

  describe('POST /payment/sandbox/checkout', () => {
    it('signs a success card like Razorpay, and /payment/verify accepts it', async () => {
      const order = await newOrder(bob);
      const res = await as(t, bob).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }).expect(200);
      expect(res.body).toEqual({
        success: true,
        razorpay_order_id: order.id,
        razorpay_payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
        razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const { success: _s, ...proof } = res.body;
      expect(signedProof(order.id, proof.razorpay_payment_id).razorpay_signature).toBe(proof.razorpay_signature);
      await as(t, bob).post('/api/payment/verify', proof).expect(200);
    });

    it("answers a failure card as Razorpay's payment.failed and marks the order failed", async () => {
      const order = await newOrder(bob);
      const res = await as(t, bob).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'failure' }).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        failed: true,
        error: { code: 'BAD_REQUEST_ERROR', description: 'Your payment was declined by the sandbox card.', reason: 'payment_failed', metadata: { order_id: order.id } },
      });
      expect(await orderRow(order.id)).toMatchObject({ status: 'failed', failure_reason: 'Your payment was declined by the sandbox card.' });
      expect(await subscriptionsOf(order.id)).toHaveLength(0);
    });

    it("is only for the order's owner, and not for a paid order", async () => {
      const order = await newOrder(bob);
      await as(t, ann).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }).expect(403);
      await as(t, bob).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'maybe' }).expect(400);
      await as(t, bob).post('/api/payment/verify', signedProof(order.id)).expect(200);
      await as(t, bob).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }).expect(409);
    });
  });

  describe('POST /payment/webhook', () => {
    const deliver = (delivery: { body: string; eventId: string; signature: string }) => deliverWebhook(t, delivery);

    it('completes a paid order whose browser never came back, once, even when replayed', async () => {
      const order = await newOrder(ann);
      const payment = paymentId();
      const delivery = webhookDelivery(capturedEvent(order.id, payment, order.amount));
      expect((await deliver(delivery).expect(200)).body).toEqual({ success: true, outcome: 'completed' });
      expect((await deliver(delivery).expect(200)).body).toEqual({ success: true, outcome: 'duplicate' });
      const rows = await subscriptionsOf(order.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].payment_id).toBe(payment);
      // The browser arriving late with the same payment gets the same subscription.
      const late = await as(t, ann).post('/api/payment/verify', signedProof(order.id, payment)).expect(200);
      expect(late.body.subscription.subscriptionId).toBe(rows[0].subscription_id);
    });

    it('checks the signature over the raw bytes', async () => {
      const order = await newOrder(ann);
      const delivery = webhookDelivery(capturedEvent(order.id, paymentId(), order.amount));
      // Same JSON, other bytes (a space): the signature no longer matches.
      await deliver({ ...delivery, body: delivery.body.replace('{', '{ ') }).expect(400);
      await deliver({ ...delivery, signature: webhookDelivery({}, 'another-secret').signature }).expect(400);
      await deliver({ ...delivery, signature: '' }).expect(400);
      expect(await subscriptionsOf(order.id)).toHaveLength(0);
    });

    it("ignores ids that cannot be Razorpay's (a NUL byte, SQL) without a 500", async () => {
      const order = await newOrder(ann);
      for (const bad of [`${order.id}\u0000`, `${order.id}' OR '1'='1`]) {
        const res = await deliver(webhookDelivery(capturedEvent(bad, paymentId(), order.amount))).expect(200);
        expect(res.body.outcome).toBe('ignored');
      }
      await deliver({ ...webhookDelivery(capturedEvent(order.id, paymentId(), order.amount)), eventId: `evt_${'x'.repeat(5000)}` }).expect(200);
      expect(await subscriptionsOf(order.id)).toHaveLength(1);
    });

    it('does not complete an order for another amount, and fails an unpaid order on payment.failed', async () => {
      const order = await newOrder(ann);
      expect((await deliver(webhookDelivery(capturedEvent(order.id, paymentId(), order.amount - 1))).expect(200)).body.outcome).toBe('ignored');
      expect(await subscriptionsOf(order.id)).toHaveLength(0);
      const failed = { event: 'payment.failed', payload: { payment: { entity: { id: paymentId(), order_id: order.id, error_description: 'Card declined' } } } };
      expect((await deliver(webhookDelivery(failed)).expect(200)).body.outcome).toBe('failed');
      expect(await orderRow(order.id)).toMatchObject({ status: 'failed', failure_reason: 'Card declined' });
    });

    it('never moves a paid order back on a late payment.failed', async () => {
      const order = await newOrder(ann);
      await as(t, ann).post('/api/payment/verify', signedProof(order.id)).expect(200);
      const failed = { event: 'payment.failed', payload: { payment: { entity: { id: paymentId(), order_id: order.id } } } };
      expect((await deliver(webhookDelivery(failed)).expect(200)).body.outcome).toBe('ignored');
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
    });

    it('gives one subscription and one mail when the webhook and the browser race for one order', async () => {
      const order = await newOrder(bob);
      const payment = paymentId();
      const proof = signedProof(order.id, payment);
      const hooks = Array.from({ length: 5 }, () => deliver(webhookDelivery(capturedEvent(order.id, payment, order.amount))));
      const browsers = Array.from({ length: 5 }, () => as(t, bob).post('/api/payment/verify', proof));
      const answers = await Promise.all([...hooks, ...browsers]);
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(await subscriptionsOf(order.id)).toHaveLength(1);
      await eventually(
        () => confirmationMails(t.dataDir, bob.email).filter((m) => m.text.includes(order.id)),
        (m) => m.length > 0,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(confirmationMails(t.dataDir, bob.email).filter((m) => m.text.includes(order.id))).toHaveLength(1);
    });
  });

  describe('POST /payment/callback (redirect mode)', () => {
    const form = (fields: Record<string, string>) => request(t.app.getHttpServer()).post('/api/payment/callback').type('form').send(fields).redirects(0);

    it('verifies the posted payment and lands on the pricing page with the result', async () => {
      const order = await newOrder(ann);
      const res = await form(signedProof(order.id)).expect(303);
      expect(res.headers.location).toBe(`/services/youtube?payment=success&order=${order.id}`);
      expect(await subscriptionsOf(order.id)).toHaveLength(1);
    });

    it('lands on the pricing page with the failure when the signature is wrong or the payment failed', async () => {
      const order = await newOrder(ann);
      const bad = await form({ ...signedProof(order.id), razorpay_signature: '0'.repeat(64) }).expect(303);
      expect(bad.headers.location).toBe('/services/youtube?payment=failed&reason=not_verified');
      const failed = await form({
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': 'Payment failed',
        'error[metadata]': JSON.stringify({ order_id: order.id, payment_id: paymentId() }),
      }).expect(303);
      // A code, never the form's words: anyone can post this form (order-money.e2e-spec.ts).
      expect(failed.headers.location).toBe('/services/youtube?payment=failed&reason=declined');
      expect(await subscriptionsOf(order.id)).toHaveLength(0);
    });
  });

  describe('the stuck-order sweep', () => {
    it('completes a paid order left pending and leaves a fresh one alone', async () => {
      const order = await newOrder(ann);
      // The sandbox card was paid, but the browser closed before /payment/verify.
      await as(t, ann).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }).expect(200);
      const sweep = t.app.get(ReconcileOrdersUseCase);
      await sweep.execute();
      expect(await subscriptionsOf(order.id)).toHaveLength(0); // not stuck yet: its checkout may still come back

      clock.advance(6 * 60_000);
      const report = await sweep.execute();
      expect(report.completed).toBeGreaterThanOrEqual(1);
      expect(await subscriptionsOf(order.id)).toHaveLength(1);
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
      await eventually(
        () => confirmationMails(t.dataDir, ann.email).filter((m) => m.text.includes(order.id)),
        (m) => m.length > 0,
      );
    });

    it("runs as a job through the app's queue (BullMQ on Redis when REDIS_URL is set), scheduled once", async () => {
      const queue = t.app.get(JobQueue);
      if (process.env.REDIS_URL) {
        const schedulers = await t.app.get<Queue>(getQueueToken(BILLING_QUEUE), { strict: false }).getJobSchedulers();
        // The stuck-order sweep and the refund sweep (docs/refunds.md), each scheduled once.
        expect(schedulers.map((s) => [s.key, s.every]).sort()).toEqual([
          [RECONCILE_ORDERS_JOB, RECONCILE_EVERY_MS],
          [RECONCILE_REFUNDS_JOB, RECONCILE_EVERY_MS],
        ]);
        expect((await queue.state()).kind).toBe('bullmq');
      }
      const order = await newOrder(bob);
      await as(t, bob).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }).expect(200);
      clock.advance(6 * 60_000);
      await queue.enqueue(BILLING_QUEUE, RECONCILE_ORDERS_JOB, {});
      const rows = await eventually(
        () => subscriptionsOf(order.id),
        (r) => r.length === 1,
      );
      expect(rows).toHaveLength(1);
    });
  });
});

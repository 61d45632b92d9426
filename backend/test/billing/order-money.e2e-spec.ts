import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../../src/platform/time/clock';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { testDatabaseKinds } from '../support/database';
import { FakeClock } from '../identity/support';
import { as, capturedEvent, confirmationMails, deliverWebhook, eventually, orderRow, outboxMails, signedProof, subscriptionsOf, webhookDelivery } from './support';

/**
 * What an order charges and for how long (the security review's "Money" part), over HTTP:
 * - a plan's currency is one the gateway takes (ZZZ, XAU refused when the plan is saved), and an
 *   order in a three-decimal currency (KWD) is charged in thousandths: 19.99 KWD is 19990, shown
 *   as 19.990 KWD;
 * - an order's price stands for its lifetime (30 minutes): a payment that comes in later at a
 *   changed price, or for a plan or tier withdrawn from sale, makes no subscription and is refunded
 *   in full through the refund ledger; the same payment at the same price is honoured;
 * - the redirect callback sends back codes, never the form's words.
 * Real: the whole app on each database (PGlite, and PostgreSQL with DATABASE_URL), the sandbox
 * gateway (its refunds settle through the webhook handler), the outbox mailer. Fake: the clock.
 */
const MINUTE = 60_000;

describe.each(testDatabaseKinds())('Order money and lifetime (%s)', (database) => {
  let t: TestApp;
  let admin: { token: string };
  let ann: CustomerSession;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({
      database,
      env: { RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000', SANDBOX_REFUND_SETTLE_MS: '50' },
      overrides: [{ provide: Clock, useValue: clock }],
    });
    admin = await adminToken(t);
    ann = await signUpCustomer(t, 'ann');
  });

  afterAll(() => t?.close());

  const asAdmin = (path: string, body: object) => request(t.app.getHttpServer()).post(`/api/${path}`).set('Authorization', `Bearer ${admin.token}`).send(body);
  const db = () => t.app.get(DataSource);

  type Tier = { pricingId: string; name: string; price: string; description: string; features: string[]; isPopular: boolean };
  type AdminPlan = { planId: string; name: string; status: string; currency: string; pricing: Tier[] };

  async function createPlan(platform: string, currency: string, price = '19.99'): Promise<AdminPlan> {
    const res = await asAdmin('plan/create', {
      name: platform,
      status: 'Active',
      currency,
      pricing: [
        { name: 'Starter', price, description: 'First listeners.', features: ['1,000 plays'], isPopular: false },
        { name: 'Pro', price: '99.99', description: 'For labels.', features: ['10,000 plays'], isPopular: true },
      ],
    }).expect(201);
    return res.body.plan;
  }

  async function updatePlan(plan: AdminPlan, change: { status?: string; price?: string }): Promise<void> {
    const pricing = plan.pricing.map((tier, index) => ({ ...tier, price: index === 0 && change.price ? change.price : tier.price }));
    await asAdmin('plan/update', { planId: plan.planId, name: plan.name, status: change.status ?? plan.status, pricing }).expect(200);
  }

  async function order(plan: AdminPlan, who = ann) {
    const res = await as(t, who)
      .post('/api/payment/order', { userId: who.userId, planId: plan.planId, pricingId: plan.pricing[0].pricingId, profileLink: 'https://open.spotify.com/artist/ann' })
      .expect(200);
    return res.body.order as { id: string; amount: number; currency: string; exponent: number; expiresAt: string };
  }

  /** The sandbox card pays the order (a captured payment the gateway holds), without verifying it yet. */
  async function payWithSandboxCard(orderId: string) {
    const res = await as(t, ann).post('/api/payment/sandbox/checkout', { orderId, outcome: 'success' }).expect(200);
    return res.body as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  }

  const refundsOf = (orderId: string): Promise<Array<{ amount: string; reason: string; note: string; state: string; actor_role: string }>> =>
    db().query('SELECT amount::text AS amount, reason, note, state, actor_role FROM refunds WHERE order_id = $1', [orderId]);

  describe('a plan is saved only in a currency the gateway takes', () => {
    it.each(['ZZZ', 'XAU', 'XTS', 'xxx'])('refuses a plan in %s (400 invalid_currency) and stores nothing', async (currency) => {
      const platform = `Deezer ${currency}`;
      const res = await asAdmin('plan/create', { name: platform, status: 'Active', currency, pricing: [{ name: 'Starter', price: '9.99' }] }).expect(400);
      expect(res.body).toEqual({
        success: false,
        message: `currency must be one the payment gateway takes (ISO 4217, such as USD, EUR, INR or KWD): ${currency.toUpperCase()} is not`,
        error: 'invalid_currency',
      });
      expect(await db().query('SELECT 1 FROM plans WHERE platform = $1', [platform])).toEqual([]);
    });

    it('cannot sell a plan stored in a currency the gateway does not take (one saved before the check): 409, no order', async () => {
      const plan = await createPlan('Bandcamp', 'USD');
      await db().query(`UPDATE plans SET currency = 'ZZZ' WHERE plan_id = $1`, [plan.planId]);
      const res = await as(t, ann)
        .post('/api/payment/order', { userId: ann.userId, planId: plan.planId, pricingId: plan.pricing[0].pricingId, profileLink: 'https://bandcamp.com/ann' })
        .expect(409);
      expect(res.body).toMatchObject({ success: false, error: 'currency_unsupported' });
      expect(await db().query('SELECT 1 FROM payment_orders WHERE plan_id = $1', [plan.planId])).toEqual([]);
      // Saving it again is refused too: staff delete it.
      await asAdmin('plan/update', { planId: plan.planId, name: plan.name, status: 'Active', pricing: plan.pricing }).expect(400);
    });
  });

  describe('a three-decimal currency (KWD) is charged in thousandths', () => {
    it('orders 19.99 KWD as 19990 with exponent 3, and the confirmation mail says 19.990 KWD', async () => {
      const plan = await createPlan('Anghami', 'KWD', '19.99');
      expect(plan.currency).toBe('KWD');
      const created = await order(plan);
      expect(created).toMatchObject({ amount: 19990, currency: 'KWD', exponent: 3 });
      expect(await orderRow(t, created.id)).toMatchObject({ amount: '19990', currency: 'KWD' });

      // Razorpay reports the payment in the same thousandths: the webhook's amount matches the order.
      const proof = await payWithSandboxCard(created.id);
      const delivery = webhookDelivery(capturedEvent(created.id, proof.razorpay_payment_id, 19990, 'KWD'));
      expect((await deliverWebhook(t, delivery).expect(200)).body.outcome).toBe('completed');
      const mails = await eventually(
        () => confirmationMails(t.dataDir, ann.email),
        (found) => found.length > 0,
      );
      expect(mails.map((mail) => mail.text.split('\n').find((line) => line.startsWith('Amount:')))).toEqual(['Amount: 19.990 KWD']);
    });

    it('refuses a payment event of 1999 (cents thinking) for a 19990 order', async () => {
      const plan = await createPlan('Shahid', 'KWD', '19.99');
      const created = await order(plan);
      const delivery = webhookDelivery(capturedEvent(created.id, 'pay_CentsThinking01', 1999, 'KWD'));
      expect((await deliverWebhook(t, delivery).expect(200)).body.outcome).toBe('ignored');
      expect(await subscriptionsOf(t, created.id)).toEqual([]);
    });

    it('takes at most 9,999,999.99 KWD (what one order may carry), where USD takes 99,999,999.99', async () => {
      const res = await asAdmin('plan/create', { name: 'OSN', status: 'Active', currency: 'KWD', pricing: [{ name: 'Starter', price: '10000000' }] }).expect(400);
      expect(res.body).toMatchObject({ message: 'price must be at most 9999999.99', error: 'invalid_price' });
    });
  });

  describe('an order has a lifetime: a later payment is honoured only while the offer stands', () => {
    it('answers when the order stops standing, 30 minutes after it was made', async () => {
      const plan = await createPlan('Tidal', 'USD');
      const before = clock.now().getTime();
      const created = await order(plan);
      expect(new Date(created.expiresAt).getTime()).toBe(before + 30 * MINUTE);
    });

    it('refuses the sandbox card on an expired order (409 checkout_expired): nothing is charged', async () => {
      const plan = await createPlan('Audiomack', 'USD');
      const created = await order(plan);
      clock.advance(31 * MINUTE);
      const res = await as(t, ann).post('/api/payment/sandbox/checkout', { orderId: created.id, outcome: 'success' }).expect(409);
      expect(res.body).toMatchObject({ success: false, error: 'checkout_expired' });
      expect(await db().query('SELECT 1 FROM sandbox_payments WHERE order_id = $1', [created.id])).toEqual([]);
    });

    it('refunds in full a payment that comes in after the lifetime at a changed price: 409 order_expired, no subscription, one refund, mails', async () => {
      const plan = await createPlan('SoundCloud', 'USD', '19.99');
      const created = await order(plan);
      const proof = await payWithSandboxCard(created.id);
      await updatePlan(plan, { price: '29.99' });
      clock.advance(31 * MINUTE);

      const res = await as(t, ann).post('/api/payment/verify', proof).expect(409);
      expect(res.body).toEqual({
        success: false,
        message: 'This order expired before it was paid and its price has changed since. Your payment is being refunded in full; please buy again.',
        error: 'order_expired',
      });
      expect(await subscriptionsOf(t, created.id)).toEqual([]);
      expect(await orderRow(t, created.id)).toMatchObject({ status: 'paid', payment_id: proof.razorpay_payment_id });
      expect((await db().query('SELECT void_reason FROM payment_orders WHERE order_id = $1', [created.id]))[0].void_reason).toBe('expired');
      const refunds = await eventually(
        () => refundsOf(created.id),
        (rows) => rows[0]?.state === 'processed',
      );
      expect(refunds).toEqual([
        {
          amount: '1999',
          reason: 'not_honoured',
          note: 'Not honoured: paid after the order expired, at a price that has changed since. Refunded in full.',
          state: 'processed',
          actor_role: 'system',
        },
      ]);
      // The mail is relayed from the outbox after the commit: wait for it, then there is exactly one.
      const told = await eventually(
        () => outboxMails(t.dataDir, ann.email, 'Your payment is being refunded'),
        (mails) => mails.length > 0,
      );
      expect(told).toHaveLength(1);

      // The same proof again, and Razorpay's webhook: still no subscription, still one refund.
      await as(t, ann).post('/api/payment/verify', proof).expect(409);
      const again = webhookDelivery(capturedEvent(created.id, proof.razorpay_payment_id, 1999));
      expect((await deliverWebhook(t, again).expect(200)).body.outcome).toBe('refunded');
      expect(await subscriptionsOf(t, created.id)).toEqual([]);
      expect(await refundsOf(created.id)).toHaveLength(1);
      // Not an anomaly for staff: it is handled (refunded), so it is not "paid without subscription".
      const list = await asAdmin('admin/orders', { kind: 'paid-without-subscription' }).expect(200);
      expect(JSON.stringify(list.body)).not.toContain(created.id);
    });

    it('honours a late payment when the price is still the same', async () => {
      const plan = await createPlan('Napster', 'USD', '19.99');
      const created = await order(plan);
      const proof = await payWithSandboxCard(created.id);
      clock.advance(3 * 24 * 60 * MINUTE);
      await as(t, ann).post('/api/payment/verify', proof).expect(200);
      expect(await subscriptionsOf(t, created.id)).toHaveLength(1);
      expect(await refundsOf(created.id)).toEqual([]);
    });

    it('refunds a payment for a plan made Inactive, or a tier deleted, after the order (webhook: outcome refunded)', async () => {
      const inactive = await createPlan('Qobuz', 'USD');
      const first = await order(inactive);
      const firstProof = await payWithSandboxCard(first.id);
      await updatePlan(inactive, { status: 'Inactive' });
      const delivery = webhookDelivery(capturedEvent(first.id, firstProof.razorpay_payment_id, first.amount));
      expect((await deliverWebhook(t, delivery).expect(200)).body.outcome).toBe('refunded');

      const deleted = await createPlan('Boomplay', 'USD');
      const second = await order(deleted);
      const secondProof = await payWithSandboxCard(second.id);
      await asAdmin('plan/deletePricing', { pricingId: deleted.pricing[0].pricingId }).expect(200);
      const res = await as(t, ann).post('/api/payment/verify', secondProof).expect(409);
      expect(res.body).toMatchObject({ error: 'order_withdrawn', message: 'This package is no longer on sale. Your payment is being refunded in full.' });

      for (const id of [first.id, second.id]) {
        expect(await subscriptionsOf(t, id)).toEqual([]);
        expect((await db().query('SELECT void_reason FROM payment_orders WHERE order_id = $1', [id]))[0].void_reason).toBe('withdrawn');
        const refunds = await eventually(
          () => refundsOf(id),
          (rows) => rows[0]?.state === 'processed',
        );
        expect(refunds.map((r) => [r.amount, r.state])).toEqual([['1999', 'processed']]);
      }
    });

    it('the database holds the rule: a void order is paid and has no subscription', async () => {
      const plan = await createPlan('Audible', 'USD');
      const created = await order(plan);
      const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      await expect(db().query(`UPDATE payment_orders SET void_reason = 'expired' WHERE order_id = $1`, [created.id])).rejects.toThrow(/void_reason/);
      await expect(db().query(`UPDATE payment_orders SET void_reason = 'because' WHERE order_id = $1`, [created.id])).rejects.toThrow(/void_reason/);
      quiet.mockRestore();
    });
  });

  describe('the redirect callback sends back a code, never words', () => {
    const callback = (form: Record<string, string>) => request(t.app.getHttpServer()).post('/api/payment/callback').type('form').send(form).expect(303);

    it("turns a declined payment's error[description] (anyone can post this form) into reason=declined", async () => {
      const plan = await createPlan('Mixcloud', 'USD');
      const created = await order(plan);
      const phishing = 'Your card is blocked. Call +1 555 0100 or visit https://evil.example/verify to unblock it';
      const res = await callback({
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': phishing,
        'error[metadata]': JSON.stringify({ order_id: created.id, payment_id: 'pay_X' }),
      });
      expect(res.headers.location).toBe('/services/mixcloud?payment=failed&reason=declined');
    });

    it('says expired for a late payment at a changed price (and refunds it)', async () => {
      const plan = await createPlan('Pandora', 'USD', '19.99');
      const created = await order(plan);
      const proof = await payWithSandboxCard(created.id);
      await updatePlan(plan, { price: '24.99' });
      clock.advance(31 * MINUTE);
      const res = await callback(proof);
      expect(res.headers.location).toBe('/services/pandora?payment=failed&reason=expired');
      expect(
        await eventually(
          () => refundsOf(created.id),
          (rows) => rows.length > 0,
        ),
      ).toHaveLength(1);
    });

    it('says not_verified for a forged signature, and success for a good one', async () => {
      const plan = await createPlan('Deezer', 'USD');
      const created = await order(plan);
      const forged = await callback({ ...signedProof(created.id, 'pay_Forged0000001', 'not-the-secret') });
      expect(forged.headers.location).toBe('/services/deezer?payment=failed&reason=not_verified');
      const proof = await payWithSandboxCard(created.id);
      const good = await callback(proof);
      expect(good.headers.location).toBe(`/services/deezer?payment=success&order=${created.id}`);
    });
  });
});

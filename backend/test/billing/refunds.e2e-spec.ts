import { orderNumberOf } from '@growth/contracts';
import { DataSource } from 'typeorm';
import { PaymentGateway } from '../../src/modules/billing/application/payment-gateway.port';
import { SandboxGateway } from '../../src/modules/billing/adapters/gateways/sandbox.gateway';
import { Clock } from '../../src/platform/time/clock';
import { FakeClock } from '../identity/support';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { as, deliverWebhook, eventually, outboxMails, planOf, webhookDelivery, type PlanTiers } from './support';

/**
 * Refunds over HTTP with the sandbox gateway (docs/refunds.md): staff refunds in part and in full,
 * customer requests approved and declined, the refund window, 50 parallel refunds of one order,
 * refund webhooks (processed, failed, forged, replayed) and the failure path staff recover from.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the queue (BullMQ with
 * REDIS_URL), the outbox mailer, the sandbox gateway and its webhook delivery through the real
 * handler. Fake: the clock (moved by hand past the refund window).
 */
const DAY = 24 * 60 * 60 * 1000;

/** Cents of a decimal price text, by integer arithmetic on its digits ("49.99" → 4999). */
function centsOf(price: string): number {
  const [whole, fraction = ''] = price.split('.');
  return Number(BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0')));
}
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

interface Bought {
  subscriptionId: string;
  orderId: string;
  paymentId: string;
  cents: number;
  price: string;
}

describe('Refunds (sandbox gateway)', () => {
  let t: TestApp;
  let ann: CustomerSession;
  let bob: CustomerSession;
  let admin: { token: string };
  let youtube: PlanTiers;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({
      env: { SANDBOX_REFUND_SETTLE_MS: '1500', RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' },
      overrides: [{ provide: Clock, useValue: clock }],
    });
    [ann, bob] = [await signUpCustomer(t, 'ann'), await signUpCustomer(t, 'bob')];
    admin = await adminToken(t);
    youtube = await planOf(t, 'youtube');
  });

  afterAll(() => t?.close());

  const staff = () => as(t, { userId: '', email: '', token: admin.token });
  const db = () => t.app.get(DataSource);
  const sandbox = () => t.app.get(PaymentGateway) as SandboxGateway;

  async function buy(who: CustomerSession, tier = 1): Promise<Bought> {
    const pricing = youtube.pricing[tier];
    const order = (
      await as(t, who)
        .post('/api/payment/order', { userId: who.userId, planId: youtube.planId, pricingId: pricing.pricingId, profileLink: 'https://www.youtube.com/@ann' })
        .expect(200)
    ).body.order;
    const proof = (await as(t, who).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }).expect(200)).body;
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = proof;
    const verified = await as(t, who).post('/api/payment/verify', { razorpay_order_id, razorpay_payment_id, razorpay_signature }).expect(200);
    return {
      subscriptionId: verified.body.subscription.subscriptionId,
      orderId: order.id,
      paymentId: razorpay_payment_id,
      cents: centsOf(pricing.price),
      price: pricing.price,
    };
  }

  /** The order as its customer sees it in the Active list. */
  async function customerCard(who: CustomerSession, subscriptionId: string) {
    const res = await as(t, who).post('/api/subscription/user', { userId: who.userId }).expect(200);
    return (res.body.subscriptions as Array<{ subscriptionId: string; refund: Record<string, unknown> | null }>).find((s) => s.subscriptionId === subscriptionId);
  }

  /** The order as staff see it in the task list. */
  async function task(bought: Bought) {
    const res = await staff().post('/api/admin/tasks', { q: bought.orderId }).expect(200);
    return res.body.data[0] as { refund: Record<string, unknown> | null };
  }

  const settled = (bought: Bought, who: CustomerSession) =>
    eventually(
      () => customerCard(who, bought.subscriptionId),
      (card) => card?.refund?.state !== 'pending',
    );

  const mailsTo = (to: string, subjectStart: string) => outboxMails(t.dataDir, to, subjectStart);

  const refundRows = (orderId: string) =>
    db().query('SELECT amount, state, reason, idempotency_key FROM refunds WHERE order_id = $1 ORDER BY created_at', [orderId]) as Promise<
      Array<{ amount: string | number; state: string; reason: string; idempotency_key: string }>
    >;

  describe('POST /admin/refunds (staff)', () => {
    it('refunds a part, then the rest; the customer sees it processed, is mailed twice per refund, and nothing more can be refunded', async () => {
      const order = await buy(ann);
      const part = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, amount: '7.85', reason: 'Half of the views came late' }).expect(200);
      expect(part.body.refund).toMatchObject({
        state: 'pending',
        amount: '7.85',
        currency: 'USD',
        reason: 'staff',
        note: 'Half of the views came late',
        gatewayRefundId: expect.stringMatching(/^rfnd_/),
      });
      expect(part.body.subscription.refund).toMatchObject({ state: 'pending', requested: '7.85', refunded: '0.00', refundable: decimal(order.cents - 785) });

      const card = await settled(order, ann);
      expect(card?.refund).toEqual({
        state: 'processed',
        requested: '7.85',
        refunded: '7.85',
        currency: 'USD',
        refundedAt: expect.any(String),
        requestState: null,
        message: null,
      });

      const over = await staff()
        .post('/api/admin/refunds', { subscriptionId: order.subscriptionId, amount: decimal(order.cents), reason: 'Refund all of it' })
        .expect(409);
      expect(over.body).toEqual({ success: false, message: `Only ${decimal(order.cents - 785)} USD is left to refund on this order.`, error: 'refund_over_limit' });

      const rest = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Customer cancelled the campaign' }).expect(200);
      expect(rest.body.refund).toMatchObject({ amount: decimal(order.cents - 785) });
      expect((await settled(order, ann))?.refund).toMatchObject({ state: 'processed', requested: order.price, refunded: order.price });
      expect((await task(order)).refund).toMatchObject({ refundable: '0.00' });

      const nothing = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Once more' }).expect(409);
      expect(nothing.body.message).toBe('Nothing is left to refund on this order.');
      expect((await refundRows(order.orderId)).map((r) => [Number(r.amount), r.state, r.reason])).toEqual([
        [785, 'processed', 'staff'],
        [order.cents - 785, 'processed', 'staff'],
      ]);
      const processedMails = await eventually(
        () => mailsTo(ann.email, 'Your refund of').filter((m) => m.subject.includes(orderNumberOf(order.subscriptionId))),
        (mails) => mails.length >= 2,
      );
      expect(mailsTo(ann.email, 'Refund of').filter((m) => m.subject.includes(orderNumberOf(order.subscriptionId)))).toHaveLength(2);
      expect(processedMails.map((m) => m.subject).sort()).toEqual(
        [
          `Your refund of 7.85 USD was processed (${orderNumberOf(order.subscriptionId)})`,
          `Your refund of ${decimal(order.cents - 785)} USD was processed (${orderNumberOf(order.subscriptionId)})`,
        ].sort(),
      );
      const audit = await staff().post('/api/admin/audit', { page: 1, limit: 10 }).expect(200);
      expect(JSON.stringify(audit.body)).toContain('refund.create');
    });

    it.each([
      [{ amount: '-1' }, 'amount'],
      [{ amount: '7.855' }, 'amount'],
      [{ amount: 'seven' }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: { $gt: 0 } }, 'amount'],
      [{ amount: ['1'] }, 'amount'],
      [{ reason: undefined }, 'reason'],
      [{ reason: 'ok' }, 'reason'],
      [{ reason: 'x'.repeat(501) }, 'reason'],
      [{ subscriptionId: 'not-an-id' }, 'subscriptionId'],
    ])('refuses %j with a 400 naming %s, and stores nothing', async (change, field) => {
      const order = await buy(ann);
      const res = await staff()
        .post('/api/admin/refunds', { subscriptionId: order.subscriptionId, amount: '1.00', reason: 'A fair reason', ...change })
        .expect(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(field);
      expect(await refundRows(order.orderId)).toEqual([]);
    });

    it('answers 404 for an unknown subscription', async () => {
      const res = await staff().post('/api/admin/refunds', { subscriptionId: '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10', reason: 'A fair reason' }).expect(404);
      expect(res.body).toEqual({ success: false, message: 'Subscription not found', error: 'subscription_not_found' });
    });

    it('50 parallel refunds of the whole price of one order: one refund of exactly the price, one gateway call, 49 clear refusals', async () => {
      const order = await buy(ann);
      const calls = await Promise.all(
        Array.from({ length: 50 }, () => staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, amount: order.price, reason: 'Refund it all' })),
      );
      const statuses = calls.map((res) => res.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const res of calls.filter((r) => r.status === 409)) expect(res.body.error).toMatch(/^(refund_over_limit|nothing_to_refund)$/);
      expect((await refundRows(order.orderId)).map((r) => Number(r.amount))).toEqual([order.cents]);
      const [stored] = await db().query('SELECT amount, refunded_amount FROM payment_orders WHERE order_id = $1', [order.orderId]);
      expect(Number(stored.refunded_amount)).toBe(Number(stored.amount));
      const atGateway = await db().query('SELECT count(*)::int AS n FROM sandbox_refunds WHERE payment_id = $1', [order.paymentId]);
      expect(atGateway[0].n).toBe(1);
    });

    it('the database itself refuses refunds above what was paid, whoever writes them', async () => {
      const order = await buy(ann);
      const insert = (amount: number, key: string) =>
        db().query(
          `INSERT INTO refunds (refund_id, order_id, payment_id, amount, currency, reason, actor_role, idempotency_key)
           VALUES (gen_random_uuid(), $1, $2, $3, 'USD', 'staff', 'system', $4)`,
          [order.orderId, order.paymentId, amount, key],
        );
      await insert(order.cents - 1, `direct-${order.orderId}-1`);
      await expect(insert(2, `direct-${order.orderId}-2`)).rejects.toThrow(/payment_orders_refunded_check/);
      await insert(1, `direct-${order.orderId}-3`);
      expect((await refundRows(order.orderId)).map((r) => Number(r.amount))).toEqual([order.cents - 1, 1]);
    });
  });

  describe('POST /subscription/refund-request (customer) and POST /admin/refund-requests/decide (staff)', () => {
    it('a request approved for a part: open on the card, listed for staff, refunded and processed', async () => {
      const order = await buy(ann);
      const asked = await as(t, ann)
        .post('/api/subscription/refund-request', { subscriptionId: order.subscriptionId, reason: 'Half of the subscribers never came.' })
        .expect(200);
      expect(asked.body.subscription.refund).toEqual({
        state: null,
        requested: '0.00',
        refunded: '0.00',
        currency: 'USD',
        refundedAt: null,
        requestState: 'open',
        message: null,
      });

      const again = await as(t, ann).post('/api/subscription/refund-request', { subscriptionId: order.subscriptionId, reason: 'Asking once more.' }).expect(409);
      expect(again.body.error).toBe('refund_request_open');

      const open = await staff().post('/api/admin/refunds/list', { state: 'open', q: order.orderId }).expect(200);
      expect(open.body.data).toEqual([
        expect.objectContaining({
          kind: 'request',
          state: 'open',
          reason: 'customer_request',
          note: 'Half of the subscribers never came.',
          orderId: order.orderId,
          customer: expect.objectContaining({ email: ann.email }),
        }),
      ]);
      const requestId = (await task(order)).refund?.requestId as string;
      expect(requestId).toBe(open.body.data[0].id);

      const approved = await staff().post('/api/admin/refund-requests/decide', { requestId, approve: true, amount: '5.00' }).expect(200);
      expect(approved.body.request).toMatchObject({ state: 'approved', refundId: approved.body.refund.refundId });
      expect(approved.body.refund).toMatchObject({ amount: '5.00', reason: 'customer_request', note: 'Half of the subscribers never came.' });
      expect((await settled(order, ann))?.refund).toMatchObject({ state: 'processed', refunded: '5.00', requestState: 'approved' });

      const twice = await staff().post('/api/admin/refund-requests/decide', { requestId, approve: false, message: 'No.' }).expect(409);
      expect(twice.body.message).toBe('This refund request was already decided.');
    });

    it('a request declined with a message: the card and a mail tell the customer why; no message, no decline', async () => {
      const order = await buy(ann);
      await as(t, ann).post('/api/subscription/refund-request', { subscriptionId: order.subscriptionId, reason: 'Changed my mind.' }).expect(200);
      const requestId = (await task(order)).refund?.requestId as string;

      const bare = await staff().post('/api/admin/refund-requests/decide', { requestId, approve: false }).expect(400);
      expect(bare.body.message).toContain('message');

      const declined = await staff()
        .post('/api/admin/refund-requests/decide', { requestId, approve: false, message: 'The order was delivered in full on time.' })
        .expect(200);
      expect(declined.body.refund).toBeNull();
      expect((await customerCard(ann, order.subscriptionId))?.refund).toMatchObject({
        state: null,
        requestState: 'declined',
        message: 'The order was delivered in full on time.',
      });
      const declinedMails = await eventually(
        () => mailsTo(ann.email, 'About your refund request').filter((m) => m.subject.includes(orderNumberOf(order.subscriptionId))),
        (mails) => mails.length > 0,
      );
      expect(declinedMails.map((m) => m.text).join()).toContain('The order was delivered in full on time.');
      expect(await refundRows(order.orderId)).toEqual([]);
    });

    it("is refused for another customer's order (403) and outside the refund window (409 naming the policy)", async () => {
      const order = await buy(ann);
      const theirs = await as(t, bob).post('/api/subscription/refund-request', { subscriptionId: order.subscriptionId, reason: 'Not mine at all.' }).expect(403);
      expect(theirs.body.message).toBe('You can only ask for refunds of your own orders.');

      clock.advance(10 * DAY + 60_000);
      const late = await as(t, ann).post('/api/subscription/refund-request', { subscriptionId: order.subscriptionId, reason: 'Too late?' }).expect(409);
      expect(late.body.error).toBe('refund_window_closed');
      expect(late.body.message).toMatch(/^Refunds can be requested within 10 days of purchase \(see our Refund Policy\)\. This order was paid on /);
      expect((await customerCard(ann, order.subscriptionId))?.refund).toBeNull();
      // Staff still may.
      await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Goodwill after the window' }).expect(200);
    });

    it('50 parallel requests for one order open one; 50 parallel approvals of it issue one refund', async () => {
      const order = await buy(ann);
      const asks = await Promise.all(
        Array.from({ length: 50 }, () => as(t, ann).post('/api/subscription/refund-request', { subscriptionId: order.subscriptionId, reason: 'It never started.' })),
      );
      expect(asks.filter((res) => res.status === 200)).toHaveLength(1);
      expect(asks.filter((res) => res.status === 409).map((res) => res.body.error)).toEqual(Array(49).fill('refund_request_open'));
      const requestId = (await task(order)).refund?.requestId as string;

      const approvals = await Promise.all(Array.from({ length: 50 }, () => staff().post('/api/admin/refund-requests/decide', { requestId, approve: true })));
      expect(approvals.filter((res) => res.status === 200)).toHaveLength(1);
      expect(approvals.filter((res) => res.status === 409)).toHaveLength(49);
      expect((await refundRows(order.orderId)).map((r) => Number(r.amount))).toEqual([order.cents]);
      const atGateway = await db().query('SELECT count(*)::int AS n FROM sandbox_refunds WHERE payment_id = $1', [order.paymentId]);
      expect(atGateway[0].n).toBe(1);
    });

    it('refuses a missing or too short reason, and an unknown request id', async () => {
      const order = await buy(ann);
      expect((await as(t, ann).post('/api/subscription/refund-request', { subscriptionId: order.subscriptionId }).expect(400)).body.message).toContain('reason');
      expect((await as(t, ann).post('/api/subscription/refund-request', { subscriptionId: order.subscriptionId, reason: ' a ' }).expect(400)).body.message).toContain(
        'reason',
      );
      const unknown = await staff().post('/api/admin/refund-requests/decide', { requestId: '4c1f0a5e-2b7d-4e3a-9f60-8d2c1b0a9e71', approve: true }).expect(404);
      expect(unknown.body.error).toBe('refund_request_not_found');
      expect(
        (await staff().post('/api/admin/refund-requests/decide', { requestId: '4c1f0a5e-2b7d-4e3a-9f60-8d2c1b0a9e71', approve: 'yes' }).expect(400)).body.message,
      ).toContain('approve');
    });
  });

  describe('refund webhooks and failures', () => {
    it('refund.failed: the refund fails, staff see why and the amount is refundable again; a second refund goes through', async () => {
      const order = await buy(ann);
      sandbox().failNextRefunds();
      await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Wrong channel' }).expect(200);
      const failed = await eventually(
        () => task(order),
        (row) => row.refund?.state === 'failed',
      );
      expect(failed.refund).toMatchObject({ state: 'failed', requested: '0.00', refundable: order.price, failure: 'The payment gateway reported the refund as failed.' });
      const list = await staff().post('/api/admin/refunds/list', { state: 'failed', q: order.orderId }).expect(200);
      expect(list.body.data).toEqual([expect.objectContaining({ kind: 'refund', state: 'failed', amount: order.price })]);

      await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Trying again' }).expect(200);
      expect((await settled(order, ann))?.refund).toMatchObject({ state: 'processed', refunded: order.price });
    });

    it('a signed refund.processed settles a pending refund once; a replay is a duplicate, a forged one is refused', async () => {
      const order = await buy(ann);
      const issued = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, amount: '2.00', reason: 'Goodwill' }).expect(200);
      const { refundId, gatewayRefundId } = issued.body.refund;
      const event = {
        entity: 'event',
        event: 'refund.processed',
        payload: {
          refund: {
            entity: {
              id: gatewayRefundId,
              entity: 'refund',
              amount: 200,
              currency: 'USD',
              payment_id: order.paymentId,
              notes: { refund_id: refundId },
              status: 'processed',
            },
          },
        },
      };

      const forged = webhookDelivery(event, 'not-the-webhook-secret');
      expect((await deliverWebhook(t, forged).expect(400)).body.error).toBe('invalid_signature');
      expect((await task(order)).refund).toMatchObject({ state: 'pending' });

      const delivery = webhookDelivery(event);
      expect((await deliverWebhook(t, delivery).expect(200)).body.outcome).toBe('refund_processed');
      expect((await deliverWebhook(t, delivery).expect(200)).body.outcome).toBe('duplicate');
      expect((await customerCard(ann, order.subscriptionId))?.refund).toMatchObject({ state: 'processed', refunded: '2.00' });
      // The sandbox's own delivery comes later and changes nothing; one "processed" mail.
      await new Promise((resolve) => setTimeout(resolve, 1_700));
      expect(mailsTo(ann.email, 'Your refund of 2.00 USD').filter((m) => m.subject.includes(orderNumberOf(order.subscriptionId)))).toHaveLength(1);
      // A refund.failed for a processed refund never moves it back.
      const late = webhookDelivery({ ...event, event: 'refund.failed' });
      expect((await deliverWebhook(t, late).expect(200)).body.outcome).toBe('ignored');
      expect((await task(order)).refund).toMatchObject({ state: 'processed', refunded: '2.00' });
    });

    it('ignores a signed refund event for a refund that is not ours', async () => {
      const delivery = webhookDelivery({
        event: 'refund.processed',
        payload: { refund: { entity: { id: 'rfnd_NotOurs0000001', notes: { refund_id: '4c1f0a5e-2b7d-4e3a-9f60-8d2c1b0a9e71' } } } },
      });
      expect((await deliverWebhook(t, delivery).expect(200)).body.outcome).toBe('ignored');
    });
  });

  describe('POST /admin/refunds/list', () => {
    it('lists refunds and requests newest first with their customer, filters by state and search, pages, and refuses an unknown state', async () => {
      const all = await staff().post('/api/admin/refunds/list', { page: 1, limit: 10 }).expect(200);
      expect(all.body.paging).toMatchObject({ page: 1, limit: 10, hasPrev: false });
      expect(all.body.paging.total).toBeGreaterThan(5);
      const times = (all.body.data as Array<{ createdAt: string }>).map((row) => row.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      const byMail = await staff().post('/api/admin/refunds/list', { q: bob.email.toUpperCase() }).expect(200);
      expect(byMail.body.data).toEqual([]);
      const processed = await staff().post('/api/admin/refunds/list', { state: 'processed', limit: 100 }).expect(200);
      expect((processed.body.data as Array<{ state: string }>).every((row) => row.state === 'processed')).toBe(true);
      const bad = await staff().post('/api/admin/refunds/list', { state: 'approved' }).expect(400);
      expect(bad.body.message).toBe('state must be one of pending, processed, failed, open, declined');
    });
  });
});

import request from 'supertest';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { as, confirmationMails, eventually, planOf, type PlanTiers } from './support';

/**
 * A paid order's receipt over HTTP (docs/payments.md#receipt): what it says, exactly as paid and
 * refunded; who may read it (the order's customer and staff; anyone else the same 404 as no order,
 * a visitor 401); the link in the confirmation mail.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the queue, the outbox
 * mailer, the sandbox gateway and its refund webhooks. Fake: nothing.
 */
describe('GET /api/orders/:orderId/receipt', () => {
  let t: TestApp;
  let ann: CustomerSession;
  let bob: CustomerSession;
  let staff: string;
  let youtube: PlanTiers;
  const http = () => request(t.app.getHttpServer());
  const receiptOf = (orderId: string, token: string | null) => {
    const req = http().get(`/api/orders/${encodeURIComponent(orderId)}/receipt`);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const NOT_FOUND = { success: false, message: 'Receipt not found', error: 'receipt_not_found' };

  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_REFUND_SETTLE_MS: '100', RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' } });
    [ann, bob] = [await signUpCustomer(t, 'receipt-ann'), await signUpCustomer(t, 'receipt-bob')];
    staff = (await adminToken(t)).token;
    youtube = await planOf(t, 'youtube');
  });

  afterAll(() => t?.close());

  async function order(who: CustomerSession, tier: number): Promise<string> {
    const body = { userId: who.userId, planId: youtube.planId, pricingId: youtube.pricing[tier].pricingId, profileLink: 'https://www.youtube.com/@receipt_ann' };
    return (await as(t, who).post('/api/payment/order', body).expect(200)).body.order.id as string;
  }

  async function pay(who: CustomerSession, orderId: string) {
    const proof = (await as(t, who).post('/api/payment/sandbox/checkout', { orderId, outcome: 'success' }).expect(200)).body;
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = proof;
    const verified = await as(t, who).post('/api/payment/verify', { razorpay_order_id, razorpay_payment_id, razorpay_signature }).expect(200);
    return { paymentId: razorpay_payment_id as string, subscriptionId: verified.body.subscription.subscriptionId as string };
  }

  it('shows the paid order exactly as paid, to its customer and to staff, and lists each refund with what is left', async () => {
    const tier = youtube.pricing[1];
    const orderId = await order(ann, 1);
    const { paymentId, subscriptionId } = await pay(ann, orderId);

    const res = await receiptOf(orderId, ann.token).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      receipt: {
        shopName: 'SocialGrowth',
        orderId,
        orderNumber: `SG-${subscriptionId.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
        paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        customer: { name: 'Test receipt-ann', email: ann.email },
        package: { planName: 'YouTube', tierName: tier.name, quantity: null },
        profileLink: 'https://www.youtube.com/@receipt_ann',
        amount: tier.price,
        currency: 'USD',
        paymentId,
        refunds: [],
        refunded: '0.00',
        pending: '0.00',
        netPaid: tier.price,
      },
    });
    expect((await receiptOf(orderId, staff).expect(200)).body).toEqual(res.body);

    // Staff refund 5.00; once the sandbox's webhook settles it the receipt counts it off.
    await http().post('/api/admin/refunds').set('Authorization', `Bearer ${staff}`).send({ subscriptionId, amount: '5.00', reason: 'Goodwill' }).expect(200);
    const pending = (await receiptOf(orderId, ann.token).expect(200)).body.receipt;
    expect(pending.refunds.map((r: { amount: string; state: string }) => [r.amount, r.state])).toEqual([['5.00', expect.stringMatching(/^(pending|processed)$/)]]);
    const settled = await eventually(
      async () => (await receiptOf(orderId, ann.token).expect(200)).body.receipt,
      (receipt) => receipt.refunds[0]?.state === 'processed',
    );
    const cents = BigInt(tier.price.replace('.', '')) - 500n;
    expect(settled).toMatchObject({
      amount: tier.price,
      refunds: [{ amount: '5.00', state: 'processed', settledAt: expect.stringMatching(/^\d{4}-/) }],
      refunded: '5.00',
      pending: '0.00',
      netPaid: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
    });
  });

  it("answers another customer's receipt exactly as one that does not exist, a visitor 401, an unpaid order 404", async () => {
    const paid = await order(ann, 0);
    await pay(ann, paid);
    const unpaid = await order(ann, 0);

    const others = await receiptOf(paid, bob.token).expect(404);
    const missing = await receiptOf('order_NoSuchOrder0001', bob.token).expect(404);
    expect(others.body).toEqual(NOT_FOUND);
    expect(missing.body).toEqual(NOT_FOUND);
    expect((await receiptOf(unpaid, ann.token).expect(404)).body).toEqual(NOT_FOUND);
    expect((await receiptOf(paid, null).expect(401)).body.success).toBe(false);
    await receiptOf(paid, ann.token).expect(200);
  });

  it.each([
    ['a gateway id of another kind', 'pay_Np0fJ3Fq2yXz9A'],
    ['SQL', "order_1' OR '1'='1"],
    ['a very long id', `order_${'a'.repeat(200)}`],
  ])('refuses %s as orderId with 400 naming the field', async (_case, orderId) => {
    const res = await receiptOf(orderId, ann.token).expect(400);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(/^orderId must be /), error: 'invalid' });
  });

  it('links the confirmation mail to the receipt page', async () => {
    const orderId = await order(bob, 0);
    await pay(bob, orderId);
    const mails = await eventually(
      () => confirmationMails(t.dataDir, bob.email),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(new RegExp(`^Your receipt: https?://[^/]+/receipt/${orderId}$`, 'm'));
  });
});

import { DataSource } from 'typeorm';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { as, planOf, type PlanTiers } from './support';

/**
 * Staff approving and declining one refund request at the same moment (docs/refunds.md): one
 * decision wins, every other call is a 409 saying the request was decided, none is a 500 (before,
 * PostgreSQL answered some with a deadlock). Real: the whole app, its database (PGlite, or
 * PostgreSQL with DATABASE_URL, where the deadlock showed), the queue, the outbox mailer and the
 * sandbox gateway. Fake: nothing.
 */
describe('Deciding one refund request from many tabs at once', () => {
  let t: TestApp;
  let ann: CustomerSession;
  let admin: { token: string };
  let youtube: PlanTiers;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' } });
    ann = await signUpCustomer(t, 'ann');
    admin = await adminToken(t);
    youtube = await planOf(t, 'youtube');
  });

  afterAll(() => t?.close());

  const staff = () => as(t, { userId: '', email: '', token: admin.token });
  const db = () => t.app.get(DataSource);

  /** A paid order of Ann's with an open refund request; its request id. */
  async function openRequest(): Promise<{ requestId: string; orderId: string }> {
    const pricing = youtube.pricing[1];
    const order = (
      await as(t, ann)
        .post('/api/payment/order', { userId: ann.userId, planId: youtube.planId, pricingId: pricing.pricingId, profileLink: 'https://www.youtube.com/@ann' })
        .expect(200)
    ).body.order;
    const proof = (await as(t, ann).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }).expect(200)).body;
    const verified = await as(t, ann).post('/api/payment/verify', proof).expect(200);
    const subscriptionId = verified.body.subscription.subscriptionId as string;
    await as(t, ann).post('/api/subscription/refund-request', { subscriptionId, reason: 'The views never came.' }).expect(200);
    const task = await staff().post('/api/admin/tasks', { q: order.id }).expect(200);
    return { requestId: task.body.data[0].refund.requestId as string, orderId: order.id as string };
  }

  const decided = { success: false, message: 'This refund request was already decided.', error: 'refund_request_decided' };

  it.each([1, 2, 3])('10 approvals and 10 declines of one request at once (round %i): one wins, 19 clear 409s, no 500', async () => {
    const { requestId, orderId } = await openRequest();
    const calls = Array.from({ length: 20 }, (_, i) =>
      staff().post(
        '/api/admin/refund-requests/decide',
        i % 2 === 0 ? { requestId, approve: true } : { requestId, approve: false, message: 'The order was delivered in full.' },
      ),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409)) expect(res.body).toEqual(decided);

    const [row] = await db().query('SELECT state, refund_id FROM refund_requests WHERE request_id = $1', [requestId]);
    const refunds = await db().query('SELECT amount FROM refunds WHERE order_id = $1', [orderId]);
    const winner = answers.find((r) => r.status === 200)!;
    expect(row.state).toBe(winner.body.request.state);
    expect(refunds).toHaveLength(row.state === 'approved' ? 1 : 0);
  });

  it('10 declines of one request at once: one declines it, 9 clear 409s', async () => {
    const { requestId } = await openRequest();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => staff().post('/api/admin/refund-requests/decide', { requestId, approve: false, message: 'Delivered in full.' })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409)) expect(res.body).toEqual(decided);
  });
});

import { DataSource } from 'typeorm';
import { IssueRefund } from '../../src/modules/billing/application/issue-refund';
import { RefundRepository } from '../../src/modules/billing/application/refund.repository.port';
import { SettleRefund } from '../../src/modules/billing/application/settle-refund';
import { UnitOfWork } from '../../src/platform/database/unit-of-work';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { buy } from '../fulfilment/support';
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

/**
 * The gateway settling one refund while staff store another of the same order: the order's refund
 * summary (what the customer and staff read) counts both. Before, the settlement read the refunds
 * without the order's lock, so it missed the one not yet committed and, committing last, kept a
 * summary without it (CI saw '5.00' where 19.99 was refunded). The store is held open until the
 * settlement waits on a lock, so the interleaving is the bad one every time. PostgreSQL only
 * (DATABASE_URL): PGlite has one connection, so two transactions never overlap there.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

if (onPostgres) {
  describe('A refund settling while another of its order is stored', () => {
    let t: TestApp;
    let ann: CustomerSession;
    let youtube: PlanTiers;

    beforeAll(async () => {
      // The sandbox's webhook never comes during the spec: the spec settles the refund itself.
      t = await createTestApp({ env: { SANDBOX_REFUND_SETTLE_MS: '600000', RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' } });
      ann = await signUpCustomer(t, 'ann');
      youtube = await planOf(t, 'youtube');
    });

    afterAll(() => t?.close());

    /** Resolves once another connection of this database waits on a lock. */
    async function someoneWaitsOnALock(db: DataSource): Promise<void> {
      for (;;) {
        const [row] = await db.query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
        );
        if (row.waiting > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it('the summary counts the refund stored meanwhile', async () => {
      const { orderId, subscriptionId } = await buy(t, ann, youtube, youtube.pricing[0].pricingId, 'https://www.youtube.com/@ann');
      const order = { id: orderId };

      const issue = t.app.get(IssueRefund);
      const actor = { role: 'system', id: null } as const;
      const first = await issue.record({ orderId: order.id, amount: 500, reason: 'staff', note: null, actor });

      // The second is stored in a transaction held open until the settlement (outside it) waits on a lock.
      let stored!: () => void;
      let release!: () => void;
      const isStored = new Promise<void>((resolve) => (stored = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const storing = t.app.get(UnitOfWork).run(async () => {
        await issue.record({ orderId: order.id, amount: 200, reason: 'staff', note: null, actor });
        stored();
        await released;
      });
      await isStored;
      const settling = t.app.get(SettleRefund).execute(first, 'processed');
      await someoneWaitsOnALock(t.app.get(DataSource));
      release();
      await storing;
      expect(await settling).toBe(true);

      const refunds = await t.app.get(RefundRepository).ofOrder(order.id);
      expect(refunds.map((r) => [r.amount, r.state])).toEqual([
        [500, 'processed'],
        [200, 'pending'],
      ]);
      const card = (await as(t, ann).post('/api/subscription/user', { userId: ann.userId }).expect(200)).body.subscriptions.find(
        (s: { subscriptionId: string }) => s.subscriptionId === subscriptionId,
      );
      expect(card.refund).toMatchObject({ requested: '7.00', refunded: '5.00', state: 'pending' });
    });
  });
}

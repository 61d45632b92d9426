import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RecordPurchaseUseCase } from '../../src/modules/subscriptions/application/record-purchase.use-case';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { type CustomerSession, signUpCustomer } from '../support/customer-session';

/**
 * Mark Completed for several orders at once: POST /api/admin/tasks/complete (docs/product.md#api).
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL) with every migration,
 * RecordPurchaseUseCase (billing's way in), the guard, the audit log, the completion mail's claim.
 * Arranged by SQL: one order made Refunded (Status 4), as a full refund leaves it. Fake: nothing.
 */
describe('POST /api/admin/tasks/complete', () => {
  let t: TestApp;
  let ann: CustomerSession;
  let admin: { adminId: string; token: string };
  const db = () => t.app.get(DataSource);
  const complete = (body: unknown, token = admin.token) =>
    request(t.app.getHttpServer())
      .post('/api/admin/tasks/complete')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const tier = { pricingId: randomUUID(), name: 'Growth', price: '19.99', description: 'Steady growth', features: ['Real views'], isPopular: true, currency: 'USD' };

  async function bought(): Promise<string> {
    const orderId = `order_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
    const { subscription } = await t.app.get(RecordPurchaseUseCase).execute({
      userId: ann.userId,
      planId: null,
      planName: 'YouTube',
      profileLink: `https://www.youtube.com/@${orderId}`,
      orderId,
      paymentId: `pay_${orderId.slice(6)}`,
      pricing: tier,
      customerEmail: ann.email,
      customerName: 'Ann',
    });
    return subscription.subscriptionId;
  }

  const statusOf = async (id: string) => (await db().query('SELECT status FROM subscriptions WHERE subscription_id = $1', [id]))[0].status as number;
  const audits = async (id: string) =>
    (await db().query(`SELECT before, after FROM audit_log WHERE entity_id = $1 AND action = 'subscription.status'`, [id])) as Array<{ before: unknown; after: unknown }>;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUpCustomer(t, 'ann');
    admin = await adminToken(t);
  });

  afterAll(() => t?.close());

  it('marks every order Completed, each audited once and mailed once, and answers each outcome in the order sent', async () => {
    const ids = [await bought(), await bought(), await bought()];
    const res = await complete({ subscriptionIds: [...ids, ids[0]] }).expect(200);
    expect(res.body).toEqual({
      success: true,
      completed: 3,
      refused: 0,
      results: ids.map((subscriptionId) => ({ subscriptionId, outcome: 'completed', status: 1 })),
    });
    for (const id of ids) {
      expect(await statusOf(id)).toBe(1);
      expect(await audits(id)).toEqual([{ before: { Status: 0 }, after: { Status: 1 } }]);
    }
    const mailed = await db().query('SELECT count(*)::int AS n FROM subscriptions WHERE subscription_id = ANY($1) AND completion_mailed_at IS NOT NULL', [ids]);
    expect(mailed[0].n).toBe(3);
    // Again: the same answer, nothing more recorded.
    expect((await complete({ subscriptionIds: ids }).expect(200)).body.completed).toBe(3);
    for (const id of ids) expect(await audits(id)).toHaveLength(1);
  });

  it('refuses a fully refunded order and an unknown one with their reasons, and still completes the others', async () => {
    const open = await bought();
    const refunded = await bought();
    await db().query('UPDATE subscriptions SET status = 4 WHERE subscription_id = $1', [refunded]);
    const unknown = randomUUID();
    const res = await complete({ subscriptionIds: [refunded, open, unknown] }).expect(200);
    expect(res.body.completed).toBe(1);
    expect(res.body.refused).toBe(2);
    expect(res.body.results).toEqual([
      { subscriptionId: refunded, outcome: 'refused', error: 'order_refunded', message: expect.stringMatching(/refunded in full/) },
      { subscriptionId: open, outcome: 'completed', status: 1 },
      { subscriptionId: unknown, outcome: 'refused', error: 'subscription_not_found', message: 'Subscription not found' },
    ]);
    expect(await statusOf(refunded)).toBe(4);
    expect(await audits(refunded)).toEqual([]);
  });

  it('is idempotent under 50 parallel calls for the same orders: one audit entry and one mail per order', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => bought()));
    const answers = await Promise.all(Array.from({ length: 50 }, () => complete({ subscriptionIds: ids })));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body.completed))).toEqual(new Set([5]));
    for (const id of ids) {
      expect(await statusOf(id)).toBe(1);
      expect(await audits(id)).toHaveLength(1);
    }
    const mailed = await db().query('SELECT count(*)::int AS n FROM subscriptions WHERE subscription_id = ANY($1) AND completion_mailed_at IS NOT NULL', [ids]);
    expect(mailed[0].n).toBe(5);
  });

  it('is for admins only: a customer gets 403, a visitor 401, and nothing changes', async () => {
    const id = await bought();
    await complete({ subscriptionIds: [id] }, ann.token).expect(403);
    await request(t.app.getHttpServer())
      .post('/api/admin/tasks/complete')
      .send({ subscriptionIds: [id] })
      .expect(401);
    expect(await statusOf(id)).toBe(0);
  });
});

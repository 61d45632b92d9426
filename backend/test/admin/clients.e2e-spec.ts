import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RecordPurchaseUseCase } from '../../src/modules/subscriptions/application/record-purchase.use-case';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { type CustomerSession, signUpCustomer } from '../support/customer-session';

/**
 * The admin's clients list over HTTP: POST /api/user/getAll, and a client's services through
 * POST /api/subscription/user with the admin token.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL) with every migration,
 * registration and login through the identity API (OTP read from the mail outbox),
 * RecordPurchaseUseCase (billing's way in). Arranged by SQL: creation times and one Status.
 * Fake: nothing.
 */
describe('admin clients API', () => {
  let t: TestApp;
  let admin: string;
  const customers: CustomerSession[] = [];
  const post = (path: string, body: unknown, token?: string) => {
    const req = request(t.app.getHttpServer()).post(`/api/${path}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body as object);
  };
  const getAll = (body: unknown, token = admin) => post('user/getAll', body, token);
  const emails = (res: request.Response) => (res.body.data as Array<{ email: string }>).map((c) => c.email);

  async function bought(who: CustomerSession, orderId: string) {
    const { subscription } = await t.app.get(RecordPurchaseUseCase).execute({
      userId: who.userId,
      planId: null,
      planName: 'YouTube',
      profileLink: 'https://youtube.com/@me',
      orderId,
      paymentId: `pay_${orderId}`,
      pricing: { pricingId: randomUUID(), name: 'Growth', price: '19.99', description: '', features: [], isPopular: false, currency: 'USD' },
      customerEmail: who.email,
      customerName: 'x',
    });
    return subscription.subscriptionId;
  }

  /** A customer inserted by SQL (registering twelve over the API takes as many password hashes). */
  async function inserted(label: string): Promise<CustomerSession> {
    const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
    const [row] = await t.app
      .get(DataSource)
      .query(`INSERT INTO users (email, name, phone) VALUES ($1, $2, '+1 555 010 0199') RETURNING user_id`, [email, `Test ${label}`]);
    return { userId: row.user_id, email, token: '' };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await adminToken(t)).token;
    // Twelve customers a minute apart (the newest is the last); the two newest registered over the API.
    for (let n = 0; n < 10; n++) customers.push(await inserted(n === 4 ? 'zelda' : `client${n}`));
    customers.push(await signUpCustomer(t, 'client10'), await signUpCustomer(t, 'client11'));
    const db = t.app.get(DataSource);
    for (const [n, who] of customers.entries()) {
      await db.query('UPDATE users SET created_at = $2 WHERE user_id = $1', [who.userId, new Date(Date.UTC(2025, 0, 1, 10, n)).toISOString()]);
    }
    await db.query(`UPDATE users SET phone = '+91 98765 43210' WHERE user_id = $1`, [customers[7].userId]);
    // Customer 11 (the newest): two In Process and one Completed; customer 10: one In Process.
    await bought(customers[11], 'order_c11a');
    await bought(customers[11], 'order_c11b');
    const done = await bought(customers[11], 'order_c11c');
    await db.query('UPDATE subscriptions SET status = 1 WHERE subscription_id = $1', [done]);
    await bought(customers[10], 'order_c10a');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists ten customers a page, newest first, each with their subscription counters, and the meta', async () => {
    const res = await getAll({ page: 1, limit: 10 }).expect(200);
    expect(res.body.success).toBe(true);
    expect(emails(res)).toEqual(
      [...customers]
        .reverse()
        .slice(0, 10)
        .map((c) => c.email),
    );
    expect(res.body.meta).toEqual({ total: 12, page: 1, lastPage: 2 });
    expect(res.body.data[0]).toEqual({
      userId: customers[11].userId,
      name: 'Test client11',
      email: customers[11].email,
      phone: '+1 555 010 0199',
      country: null,
      createdAt: '2025-01-01T10:11:00.000Z',
      subscriptions: { total: 3, active: 2, completed: 1 },
    });
    expect(res.body.data[1].subscriptions).toEqual({ total: 1, active: 1, completed: 0 });
    expect(res.body.data[2].subscriptions).toEqual({ total: 0, active: 0, completed: 0 });
  });

  it('gives the rest on page 2, ten by default, and nothing past the end', async () => {
    const second = await getAll({ page: 2 }).expect(200);
    expect(emails(second)).toEqual([customers[1].email, customers[0].email]);
    expect(second.body.meta).toEqual({ total: 12, page: 2, lastPage: 2 });
    expect((await getAll({ page: '5', limit: '5' }).expect(200)).body).toEqual({
      success: true,
      data: [],
      meta: { total: 12, page: 5, lastPage: 3 },
      cursors: { next: null, prev: null },
    });
  });

  it('searches name, e-mail and phone, case-insensitively', async () => {
    const byName = await getAll({ search: 'ZELDA' }).expect(200);
    expect(emails(byName)).toEqual([customers[4].email]);
    expect(byName.body.meta).toEqual({ total: 1, page: 1, lastPage: 1 });
    expect(emails(await getAll({ search: customers[9].email.toUpperCase() }).expect(200))).toEqual([customers[9].email]);
    expect(emails(await getAll({ search: '98765' }).expect(200))).toEqual([customers[7].email]);
    const everyone = await getAll({ search: ' @example.com ', limit: 100 }).expect(200);
    expect(everyone.body.meta).toEqual({ total: 12, page: 1, lastPage: 1 });
    expect((await getAll({ search: '' }).expect(200)).body.meta.total).toBe(12);
    expect((await getAll({ search: 'nobody-here' }).expect(200)).body).toEqual({
      success: true,
      data: [],
      meta: { total: 0, page: 1, lastPage: 1 },
      cursors: { next: null, prev: null },
    });
  });

  it("shows a client's services to the admin (POST /subscription/user)", async () => {
    const res = await post('subscription/user', { userId: customers[11].userId }, admin).expect(200);
    expect((res.body.subscriptions as Array<{ orderId: string }>).map((s) => s.orderId).sort()).toEqual(['order_c11a', 'order_c11b', 'order_c11c']);
  });

  it('refuses hostile bodies with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ limit: 0 }, 'limit must be a whole number from 1 to 100'],
      [{ limit: 'lots' }, 'limit must be a whole number from 1 to 100'],
      [{ page: 0 }, 'page must be a whole number from 1 to 1000000'],
      [{ search: 42 }, 'search must be text'],
      [{ search: 'a\u0000' }, 'search must not contain control characters'],
      [{ search: 'x'.repeat(300) }, 'search must be at most 254 characters'],
    ];
    for (const [body, message] of cases) {
      expect((await getAll(body).expect(400)).body).toEqual({ success: false, message, error: expect.any(String) });
    }
  });

  describe('Previous/Next by keyset (docs/operations.md#keyset-paging)', () => {
    const cursorMessage = 'after/before must be a cursor from the last answer of the clients list; ask for the page by number instead';

    it.each([
      ['everyone', {}],
      ['a search', { search: 'example.com' }],
    ])('%s: Next by cursor gives page + 1, Previous gives page - 1, null cursors at the ends', async (_case, filters) => {
      const db = t.app.get(DataSource);
      // Two customers of the same microsecond among them: the id breaks the tie, and a cursor keeps
      // the microseconds a JavaScript Date would drop.
      await db.query(`UPDATE users SET created_at = '2025-01-01 10:05:00.123456+00' WHERE user_id = ANY($1::uuid[])`, [[customers[5].userId, customers[6].userId]]);
      try {
        const byNumber: request.Response[] = [];
        for (let page = 1; page <= 5; page++) byNumber.push(await getAll({ ...filters, page, limit: 3 }).expect(200));
        expect(byNumber.map((res) => res.body.data.length)).toEqual([3, 3, 3, 3, 0]);
        expect(byNumber[0].body.cursors.prev).toBeNull();
        expect(byNumber[3].body.cursors.next).toBeNull();
        for (let i = 0; i < 3; i++) {
          const next = await getAll({ ...filters, page: i + 2, limit: 3, after: byNumber[i].body.cursors.next }).expect(200);
          expect(next.body).toEqual(byNumber[i + 1].body);
          const prev = await getAll({ ...filters, page: i + 1, limit: 3, before: byNumber[i + 1].body.cursors.prev }).expect(200);
          expect(prev.body).toEqual(byNumber[i].body);
        }
      } finally {
        for (const n of [5, 6])
          await db.query('UPDATE users SET created_at = $2 WHERE user_id = $1', [customers[n].userId, new Date(Date.UTC(2025, 0, 1, 10, n)).toISOString()]);
      }
    });

    it('refuses a cursor it did not hand out for this list with a 400 naming after/before, never a 500', async () => {
      const first = await getAll({ limit: 3 }).expect(200);
      const next = first.body.cursors.next as string;
      expect(typeof next).toBe('string');
      const tampered = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const uuid = randomUUID();
      const cases: unknown[] = [
        { page: 2, after: 'not a cursor!' },
        { page: 2, after: 'e30' },
        { page: 2, after: tampered({ s: 'clients.createdAt', o: 'desc', k: ['abc', uuid] }) },
        { page: 2, after: tampered({ s: 'clients.createdAt', o: 'desc', k: ['1', 'nope'] }) },
        { page: 2, after: tampered({ s: 'clients.createdAt', o: 'desc', k: ['99999999999999999999', uuid] }) },
        { page: 2, after: tampered({ s: 'clients.createdAt', o: 'asc', k: ['1', uuid] }) },
        // A tasks cursor is not one of this list.
        { page: 2, after: tampered({ s: 'createdAt', o: 'desc', k: ['1', uuid] }) },
        { page: 2, after: tampered([1, 2]) },
        { page: 2, after: 5 },
        { page: 2, after: { $gt: '' } },
        { page: 2, before: ['abc'] },
        { page: 2, before: 'x'.repeat(3000) },
      ];
      for (const body of cases) {
        const res = await getAll(body).expect(400);
        expect(res.body).toEqual({ success: false, message: cursorMessage, error: expect.any(String) });
      }
      const both = await getAll({ page: 2, after: next, before: next }).expect(400);
      expect(both.body.message).toBe('Send after or before, not both');
      // A blank cursor is no cursor: the page by number.
      expect((await getAll({ page: 2, limit: 3, after: '', before: null }).expect(200)).body).toEqual((await getAll({ page: 2, limit: 3 }).expect(200)).body);
    });
  });

  it('is for admins only: a customer gets 403, a visitor 401', async () => {
    await getAll({}, customers[11].token).expect(403);
    await post('user/getAll', {}).expect(401);
  });
});

import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RecordPurchaseUseCase } from '../../src/modules/subscriptions/application/record-purchase.use-case';
import { adminToken as adminSession } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { type CustomerSession, signUpCustomer } from '../support/customer-session';

/**
 * The customer's lists over HTTP: POST /api/subscription/activeService, /completedService, /user.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), registration and
 * login through the identity API (OTP read from the mail outbox), RecordPurchaseUseCase (billing's
 * way in). Arranged by SQL: each subscription's Status and creation time (no status-change call yet).
 * Fake: nothing.
 */
describe('subscription lists API', () => {
  let t: TestApp;
  let alice: CustomerSession;
  let bob: CustomerSession;
  let adminToken: string;
  const post = (path: string, body: unknown, token?: string) => {
    const req = request(t.app.getHttpServer()).post(`/api/subscription/${path}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body as object);
  };

  const tier = { pricingId: randomUUID(), name: 'Growth', price: '19.99', description: 'Steady growth', features: ['Real views', 'No password'], isPopular: true, currency: 'USD' };

  /** A paid order recorded as billing records it, then given its Status and time. */
  async function subscription(userId: string, orderId: string, status: number, createdAt: string) {
    const { subscription: stored } = await t.app.get(RecordPurchaseUseCase).execute({
      userId,
      planId: null,
      planName: 'YouTube',
      profileLink: `https://youtube.com/@${orderId}`,
      orderId,
      paymentId: `pay_${orderId}`,
      pricing: tier,
      customerEmail: 'customer@example.com',
      customerName: 'Customer',
    });
    await t.app.get(DataSource).query('UPDATE subscriptions SET status = $2, created_at = $3 WHERE subscription_id = $1', [
      stored.subscriptionId,
      status,
      createdAt,
    ]);
    return stored.subscriptionId;
  }

  const orderIds = (body: { data?: Array<{ orderId: string }>; subscriptions?: Array<{ orderId: string }> }) =>
    (body.data ?? body.subscriptions ?? []).map((s) => s.orderId);

  let firstActiveId: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpCustomer(t, 'alice');
    bob = await signUpCustomer(t, 'bob');
    adminToken = (await adminSession(t)).token;
    // Alice: seven In Process (days 1..7), two Completed (days 8, 9). Bob: nothing.
    for (let day = 1; day <= 7; day++) {
      const id = await subscription(alice.userId, `order_a${day}`, 0, `2025-03-0${day}T10:00:00Z`);
      if (day === 7) firstActiveId = id;
    }
    await subscription(alice.userId, 'order_c1', 1, '2025-03-08T10:00:00Z');
    await subscription(alice.userId, 'order_c2', 1, '2025-03-09T10:00:00Z');
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('activeService', () => {
    it('gives the first six, newest first, each in the subscription shape, with the paging meta', async () => {
      const res = await post('activeService', { userId: alice.userId }, alice.token).expect(200);
      expect(res.body.success).toBe(true);
      expect(orderIds(res.body)).toEqual(['order_a7', 'order_a6', 'order_a5', 'order_a4', 'order_a3', 'order_a2']);
      expect(res.body.meta).toEqual({ total: 7, page: 1, perPage: 6, lastPage: 2 });
      expect(res.body.data[0]).toEqual({
        _id: firstActiveId,
        subscriptionId: firstActiveId,
        planName: 'YouTube',
        profileLink: 'https://youtube.com/@order_a7',
        orderId: 'order_a7',
        paymentId: 'pay_order_a7',
        createdAt: '2025-03-07T10:00:00.000Z',
        Status: 0,
        pricing: tier,
        user: alice.userId,
      });
    });

    it('gives the seventh on page 2, and an empty page with the true meta past the end', async () => {
      const second = await post('activeService', { userId: alice.userId, page: 2, limit: 6 }, alice.token).expect(200);
      expect(orderIds(second.body)).toEqual(['order_a1']);
      expect(second.body.meta).toEqual({ total: 7, page: 2, perPage: 6, lastPage: 2 });
      const beyond = await post('activeService', { userId: alice.userId, page: 3 }, alice.token).expect(200);
      expect(beyond.body).toEqual({ success: true, data: [], meta: { total: 7, page: 3, perPage: 6, lastPage: 2 } });
    });

    it('takes another page size, also as digit text', async () => {
      const res = await post('activeService', { userId: alice.userId, page: '3', limit: '3' }, alice.token).expect(200);
      expect(orderIds(res.body)).toEqual(['order_a1']);
      expect(res.body.meta).toEqual({ total: 7, page: 3, perPage: 3, lastPage: 3 });
    });

    it('answers an empty list with lastPage 1', async () => {
      const res = await post('activeService', { userId: bob.userId }, bob.token).expect(200);
      expect(res.body).toEqual({ success: true, data: [], meta: { total: 0, page: 1, perPage: 6, lastPage: 1 } });
    });
  });

  describe('completedService', () => {
    it('lists the completed ones newest first', async () => {
      const res = await post('completedService', { userId: alice.userId, page: 1, limit: 6 }, alice.token).expect(200);
      expect(orderIds(res.body)).toEqual(['order_c2', 'order_c1']);
      expect(res.body.data.map((s: { Status: number }) => s.Status)).toEqual([1, 1]);
      expect(res.body.meta).toEqual({ total: 2, page: 1, perPage: 6, lastPage: 1 });
    });

    it('answers an empty list with lastPage 1', async () => {
      const res = await post('completedService', { userId: bob.userId }, bob.token).expect(200);
      expect(res.body).toEqual({ success: true, data: [], meta: { total: 0, page: 1, perPage: 6, lastPage: 1 } });
    });
  });

  describe('user', () => {
    it("lists all of the user's subscriptions newest first", async () => {
      const res = await post('user', { userId: alice.userId }, alice.token).expect(200);
      expect(res.body.success).toBe(true);
      expect(Object.keys(res.body).sort()).toEqual(['subscriptions', 'success']);
      expect(orderIds(res.body)).toEqual(['order_c2', 'order_c1', 'order_a7', 'order_a6', 'order_a5', 'order_a4', 'order_a3', 'order_a2', 'order_a1']);
      const mine = await post('user', { userId: bob.userId }, bob.token).expect(200);
      expect(mine.body).toEqual({ success: true, subscriptions: [] });
    });
  });

  describe('who may call', () => {
    it.each(['activeService', 'completedService', 'user'])("refuses another customer's userId on %s with 403", async (path) => {
      const res = await post(path, { userId: alice.userId }, bob.token).expect(403);
      expect(res.body).toEqual({ success: false, message: 'You can only see your own services.', error: 'not_your_services' });
    });

    it.each(['activeService', 'completedService', 'user'])("lets an admin read a customer's %s", async (path) => {
      const res = await post(path, { userId: alice.userId }, adminToken).expect(200);
      expect(orderIds(res.body).length).toBe(path === 'activeService' ? 6 : path === 'completedService' ? 2 : 9);
    });

    it.each(['activeService', 'completedService', 'user'])('asks a visitor on %s to log in (401)', async (path) => {
      const res = await post(path, { userId: alice.userId }).expect(401);
      expect(res.body).toEqual({ success: false, message: 'Please log in first.', error: 'not_signed_in' });
    });

    it('refuses a forged or expired token with 401', async () => {
      const res = await post('activeService', { userId: alice.userId }, `${alice.token}x`).expect(401);
      expect(res.body).toMatchObject({ success: false, error: 'invalid_token' });
    });
  });

  describe('bad bodies', () => {
    it.each([
      ['activeService', { userId: undefined }, 'userId is required'], // sent as {}
      ['activeService', { userId: '' }, 'userId is required'],
      ['completedService', { userId: 42 }, 'userId must be text'],
      ['user', { userId: 'not-a-uuid' }, 'userId must be a valid user id'],
      ['user', { userId: ['x'] }, 'userId must be text'],
      ['activeService', { userId: 'USER', page: 1 }, 'userId must be a valid user id'],
      ['activeService', { page: 0 }, 'page must be a whole number of at least 1'],
      ['activeService', { page: 'two' }, 'page must be a whole number of at least 1'],
      ['completedService', { page: 1.5 }, 'page must be a whole number of at least 1'],
      ['completedService', { page: 1e300 }, 'page must be a whole number of at least 1'],
      ['activeService', { limit: 51 }, 'limit must be a whole number from 1 to 50'],
      ['activeService', { limit: 0 }, 'limit must be a whole number from 1 to 50'],
      ['completedService', { limit: '6 rows' }, 'limit must be a whole number from 1 to 50'],
    ])('%s with %j is a 400: %s', async (path, body, message) => {
      // Paging cases get a valid userId, so the message is about page or limit.
      const withUser = 'userId' in body ? body : { userId: alice.userId, ...body };
      const res = await post(path, withUser, alice.token).expect(400);
      expect(res.body).toEqual({ success: false, message, error: 'invalid' });
    });

    it('refuses a body that is not JSON with 400', async () => {
      const res = await request(t.app.getHttpServer())
        .post('/api/subscription/activeService')
        .set('Authorization', `Bearer ${alice.token}`)
        .set('Content-Type', 'application/json')
        .send('{"userId": ')
        .expect(400);
      expect(res.body).toMatchObject({ success: false, error: 'invalid' });
    });
  });
});

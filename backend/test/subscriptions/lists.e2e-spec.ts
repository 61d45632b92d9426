import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FulfilmentLedger } from '../../src/modules/fulfilment/application/fulfilment-ledger.port';
import { RecordPurchaseUseCase } from '../../src/modules/subscriptions/application/record-purchase.use-case';
import { adminToken as adminSession } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { type CustomerSession, signUpCustomer } from '../support/customer-session';

/**
 * The customer's lists over HTTP: POST /api/subscription/activeService, /completedService, /user.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), registration and
 * login through the identity API (OTP read from the mail outbox), RecordPurchaseUseCase (billing's
 * way in), the FulfilmentLedger (the fulfilment module's way to an order's upstream state: the
 * provider's answers are recorded through it as the status sync records them). Arranged by SQL:
 * each subscription's Status and creation time. Fake: nothing.
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

  const tier = {
    pricingId: randomUUID(),
    name: 'Growth',
    price: '19.99',
    description: 'Steady growth',
    features: ['Real views', 'No password'],
    isPopular: true,
    currency: 'USD',
  };

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
    await t.app.get(DataSource).query('UPDATE subscriptions SET status = $2, created_at = $3 WHERE subscription_id = $1', [stored.subscriptionId, status, createdAt]);
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
        statusText: 'In Process',
        pricing: tier,
        progress: null,
        refund: null,
        // Bought without a refill guarantee (docs/refill.md).
        refill: null,
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
      expect(res.body.data.map((s: { Status: number; statusText: string }) => [s.Status, s.statusText])).toEqual([
        [1, 'Completed'],
        [1, 'Completed'],
      ]);
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

  describe('orders delivered by the upstream provider', () => {
    let carol: CustomerSession;
    const ids: Record<string, string> = {};
    const note = 'Incorrect order ID';

    /** Carol's order, placed upstream (service 1024, quantity 500) as the place-order job places it. */
    async function placed(orderId: string, upstreamOrderId: string, createdAt: string) {
      const ledger = t.app.get(FulfilmentLedger);
      const id = await subscription(carol.userId, orderId, 0, createdAt);
      expect(await ledger.queue(id, { serviceId: '1024', quantity: 500 }, new Date())).toBe(true);
      expect(await ledger.claimForPlacing(id, new Date())).not.toBeNull();
      expect(await ledger.markPlaced(id, upstreamOrderId, new Date())).toBe(true);
      ids[orderId] = id;
      return id;
    }

    beforeAll(async () => {
      carol = await signUpCustomer(t, 'carol');
      const ledger = t.app.get(FulfilmentLedger);
      const fresh = await placed('order_up_fresh', '77001', '2025-04-01T10:00:00Z');
      const going = await placed('order_up_going', '77002', '2025-04-02T10:00:00Z');
      const partial = await placed('order_up_partial', '77003', '2025-04-03T10:00:00Z');
      const refunded = await placed('order_up_refunded', '77004', '2025-04-04T10:00:00Z');
      const lost = await placed('order_up_lost', '77005', '2025-04-05T10:00:00Z');
      const waiting = await subscription(carol.userId, 'order_up_waiting', 0, '2025-04-06T10:00:00Z');
      await ledger.queue(waiting, { serviceId: '1024', quantity: 500 }, new Date());
      ids.order_up_waiting = waiting;
      const facts = { charge: '0.27819', currency: 'USD' };
      await ledger.recordUpstream(
        [
          { subscriptionId: fresh, upstreamStatus: 'Pending', ...facts, startCount: null, remains: null },
          { subscriptionId: going, upstreamStatus: 'In progress', ...facts, startCount: 1204, remains: 350 },
          { subscriptionId: partial, upstreamStatus: 'Partial', ...facts, startCount: 90, remains: 120, finalStatus: 2 },
          { subscriptionId: refunded, upstreamStatus: 'Refunded', ...facts, startCount: 0, remains: 500, finalStatus: 4 },
          { subscriptionId: lost, upstreamStatus: null, charge: null, currency: null, startCount: null, remains: null, error: note },
        ],
        new Date(),
      );
    });

    type Body = { orderId: string; Status: number; statusText: string | null; progress: unknown };
    const byOrder = (body: { data?: Body[]; subscriptions?: Body[] }) => new Map((body.data ?? body.subscriptions ?? []).map((s) => [s.orderId, s]));

    it('shows the Active ones In Process, with progress once the provider reported a start count or remains', async () => {
      const res = await post('activeService', { userId: carol.userId, limit: 50 }, carol.token).expect(200);
      expect(orderIds(res.body)).toEqual(['order_up_waiting', 'order_up_lost', 'order_up_going', 'order_up_fresh']);
      const found = byOrder(res.body);
      expect(found.get('order_up_going')).toMatchObject({ Status: 0, statusText: 'In Process', progress: { startCount: 1204, remains: 350, quantity: 500 } });
      for (const orderId of ['order_up_waiting', 'order_up_lost', 'order_up_fresh'])
        expect(found.get(orderId)).toMatchObject({ statusText: 'In Process', progress: null });
    });

    it("lists the provider's Partial and Refunded under Completed, with their text, and Partial's last progress", async () => {
      const res = await post('completedService', { userId: carol.userId }, carol.token).expect(200);
      expect(orderIds(res.body)).toEqual(['order_up_refunded', 'order_up_partial']);
      // A Refunded order has no delivery line: its refund says what came back (docs/fulfilment.md#what-a-card-says).
      expect(res.body.data[0]).toMatchObject({ Status: 4, statusText: 'Refunded', progress: null });
      expect(res.body.data[1]).toMatchObject({ Status: 2, statusText: 'Partial', progress: { startCount: 90, remains: 120, quantity: 500 } });
      expect(res.body.meta).toEqual({ total: 2, page: 1, perPage: 6, lastPage: 1 });
      const profile = await request(t.app.getHttpServer())
        .post('/api/user/getById')
        .set('Authorization', `Bearer ${carol.token}`)
        .send({ userId: carol.userId })
        .expect(200);
      expect(profile.body.subscriptions).toEqual({ total: 6, active: 4, completed: 2 });
    });

    it('never shows a customer the upstream order id, status text, charge, service or note, in any list', async () => {
      const bodies = [
        (await post('activeService', { userId: carol.userId, limit: 50 }, carol.token).expect(200)).body,
        (await post('completedService', { userId: carol.userId, limit: 50 }, carol.token).expect(200)).body,
        (await post('user', { userId: carol.userId }, carol.token).expect(200)).body,
      ];
      expect(orderIds(bodies[2])).toHaveLength(6);
      // The same route asked with the admin token is the staff's view of the client (docs/refill.md):
      // it is the one answer here that carries the upstream order.
      const staffView = (await post('user', { userId: carol.userId }, adminToken).expect(200)).body;
      expect(orderIds(staffView)).toHaveLength(6);
      expect(JSON.stringify(staffView)).toContain('"upstreamOrderId":"77001"');
      /** Every key and every value in a body, however deep. */
      const everything = (value: unknown): unknown[] =>
        value !== null && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => [key, ...everything(inner)]) : [value];
      for (const body of bodies) {
        const found = everything(body);
        for (const secret of [
          '77001',
          '77002',
          '77003',
          '77004',
          '77005',
          '0.27819',
          'In progress',
          'Pending',
          note,
          '1024',
          'fulfilment',
          'upstreamOrderId',
          'charge',
          'note',
        ]) {
          expect(found).not.toContain(secret);
        }
        expect(JSON.stringify(body)).not.toContain(note);
        for (const s of (body.data ?? body.subscriptions) as Array<Record<string, unknown>>) {
          expect(Object.keys(s).sort()).toEqual([
            'Status',
            '_id',
            'createdAt',
            'orderId',
            'paymentId',
            'planName',
            'pricing',
            'profileLink',
            'progress',
            'refill',
            'refund',
            'statusText',
            'subscriptionId',
            'user',
          ]);
        }
      }
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

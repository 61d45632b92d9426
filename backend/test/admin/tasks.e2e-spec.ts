import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FulfilmentLedger } from '../../src/modules/fulfilment/application/fulfilment-ledger.port';
import { RecordPurchaseUseCase } from '../../src/modules/subscriptions/application/record-purchase.use-case';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { type CustomerSession, signUpCustomer } from '../support/customer-session';

/**
 * The admin's task list over HTTP: POST /api/admin/tasks and /api/admin/upStatus, and the customer's
 * lists following a status change.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL) with every migration,
 * registration and login through the identity API, RecordPurchaseUseCase (billing's way in, with
 * the customer's address and name as billing hands them over), the guard, the audit log, the
 * FulfilmentLedger (orders put on the upstream path and the provider's answers recorded through it,
 * as the fulfilment module does). Arranged by SQL: each subscription's creation time. Fake: nothing.
 */
describe('admin tasks API', () => {
  let t: TestApp;
  let alice: CustomerSession;
  let bob: CustomerSession;
  let admin: { adminId: string; token: string };
  const ids: Record<string, string> = {};
  const http = () => request(t.app.getHttpServer());
  const post = (path: string, body: unknown, token?: string) => {
    const req = http().post(`/api/${path}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body as object);
  };
  const tasks = (body: unknown, token = admin.token) => post('admin/tasks', body, token);
  const orderIds = (res: request.Response) => (res.body.data as Array<{ orderId: string }>).map((s) => s.orderId);

  const tier = { pricingId: randomUUID(), name: 'Growth', price: '19.99', description: 'Steady growth', features: ['Real views'], isPopular: true, currency: 'USD' };

  /** A paid order recorded as billing records it, then given its creation time. */
  async function bought(who: CustomerSession, name: string, orderId: string, planName: string, createdAt: string) {
    const { subscription } = await t.app.get(RecordPurchaseUseCase).execute({
      userId: who.userId,
      planId: null,
      planName,
      profileLink: `https://example.com/@${orderId}`,
      orderId,
      paymentId: `pay_${orderId.slice(6)}`,
      pricing: tier,
      customerEmail: who.email,
      customerName: name,
    });
    await t.app.get(DataSource).query('UPDATE subscriptions SET created_at = $2 WHERE subscription_id = $1', [subscription.subscriptionId, createdAt]);
    ids[orderId] = subscription.subscriptionId;
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpCustomer(t, 'alice');
    bob = await signUpCustomer(t, 'bob');
    admin = await adminToken(t);
    // 25 of Alice's (YouTube, days 1..25 of January) and 3 of Bob's (Instagram, TikTok, X, in March).
    for (let day = 1; day <= 25; day++)
      await bought(alice, 'Test alice', `order_Alice${String(day).padStart(2, '0')}`, 'YouTube', `2025-01-${String(day).padStart(2, '0')}T10:00:00Z`);
    await bought(bob, 'Test bob', 'order_BobInsta', 'Instagram', '2025-03-01T10:00:00Z');
    await bought(bob, 'Test bob', 'order_BobTikTok', 'TikTok', '2025-03-02T10:00:00Z');
    await bought(bob, 'Test bob', 'order_BobX', 'X', '2025-03-03T10:00:00Z');
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('POST /admin/tasks', () => {
    it("lists every customer's subscriptions newest first, ten a page, each with its customer, and the paging meta", async () => {
      const res = await tasks({}).expect(200);
      expect(res.body.success).toBe(true);
      expect(orderIds(res)).toEqual(['order_BobX', 'order_BobTikTok', 'order_BobInsta', ...[25, 24, 23, 22, 21, 20, 19].map((d) => `order_Alice${d}`)]);
      expect(res.body.paging).toEqual({ total: 28, page: 1, limit: 10, pages: 3, hasNext: true, hasPrev: false });
      expect(res.body.data[0]).toEqual({
        _id: ids.order_BobX,
        subscriptionId: ids.order_BobX,
        planName: 'X',
        profileLink: 'https://example.com/@order_BobX',
        orderId: 'order_BobX',
        paymentId: 'pay_BobX',
        createdAt: '2025-03-03T10:00:00.000Z',
        Status: 0,
        statusText: 'In Process',
        pricing: tier,
        progress: null,
        refund: null,
        // No refill guarantee and no refill (docs/refill.md).
        refill: null,
        user: bob.userId,
        customer: { userId: bob.userId, name: 'Test bob', email: bob.email },
        // Recorded without the sandbox mark: a real-money order (docs/payments.md#sandbox-orders).
        sandbox: false,
        fulfilment: null,
      });
    });

    it('takes page and limit (10, 20, 50, 100), also as digit text', async () => {
      const second = await tasks({ page: 2, limit: 20 }).expect(200);
      expect(orderIds(second)).toEqual([
        'order_Alice08',
        'order_Alice07',
        'order_Alice06',
        'order_Alice05',
        'order_Alice04',
        'order_Alice03',
        'order_Alice02',
        'order_Alice01',
      ]);
      expect(second.body.paging).toEqual({ total: 28, page: 2, limit: 20, pages: 2, hasNext: false, hasPrev: true });
      const text = await tasks({ page: '3', limit: '10' }).expect(200);
      expect(text.body.paging).toEqual({ total: 28, page: 3, limit: 10, pages: 3, hasNext: false, hasPrev: true });
      expect(orderIds(text)).toHaveLength(8);
    });

    it('answers a page past the end with no rows and the true meta', async () => {
      const res = await tasks({ page: 9 }).expect(200);
      expect(res.body).toEqual({
        success: true,
        data: [],
        paging: { total: 28, page: 9, limit: 10, pages: 3, hasNext: false, hasPrev: true },
        cursors: { next: null, prev: null },
      });
    });

    it('sorts oldest first, and by plan name either way', async () => {
      expect(orderIds(await tasks({ sortOrder: 'asc', limit: 10 }).expect(200)).slice(0, 2)).toEqual(['order_Alice01', 'order_Alice02']);
      const byPlan = await tasks({ sortBy: 'planName', sortOrder: 'asc', limit: 50 }).expect(200);
      expect([...new Set((byPlan.body.data as Array<{ planName: string }>).map((s) => s.planName))]).toEqual(['Instagram', 'TikTok', 'X', 'YouTube']);
      const byPlanDesc = await tasks({ sortBy: 'planName', sortOrder: 'desc', limit: 10 }).expect(200);
      expect(orderIds(byPlanDesc).slice(0, 2)).toEqual(['order_Alice25', 'order_Alice24']);
      expect(orderIds(byPlanDesc)).not.toContain('order_BobX');
    });

    it.each([
      ['order id', 'ORDER_BOB', ['order_BobX', 'order_BobTikTok', 'order_BobInsta']],
      ['payment id', 'pay_bobti', ['order_BobTikTok']],
      ['plan name', 'instaGRAM', ['order_BobInsta']],
      ['customer e-mail', 'BOB-', ['order_BobX', 'order_BobTikTok', 'order_BobInsta']],
    ])('searches the %s with q, case-insensitively (%j)', async (_field, q, expected) => {
      const res = await tasks({ q }).expect(200);
      expect(orderIds(res)).toEqual(expected);
      expect(res.body.paging).toEqual({ total: expected.length, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false });
    });

    it('finds a customer by the whole e-mail address, and nothing for an address nobody has', async () => {
      expect(orderIds(await tasks({ q: alice.email.toUpperCase(), limit: 50 }).expect(200))).toHaveLength(25);
      expect((await tasks({ q: 'nobody@example.com' }).expect(200)).body.paging).toEqual({ total: 0, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false });
    });

    it('refuses hostile bodies with a 400 naming the field', async () => {
      const cases: Array<[unknown, string]> = [
        [{ limit: 7 }, 'limit must be one of 10, 20, 50, 100'],
        [{ sortBy: 'password' }, 'sortBy must be one of createdAt, planName'],
        [{ sortOrder: 'sideways' }, 'sortOrder must be one of asc, desc'],
        [{ Status: 'x' }, 'Status must be a whole number (0 In Process, 1 Completed, 2 Partial, 3 Canceled, 4 Refunded)'],
        [{ fulfilment: 'open' }, 'fulfilment must be needs_review'],
        [{ fulfilment: true }, 'fulfilment must be needs_review'],
        [{ q: 'order\u0000' }, 'q must not contain control characters'],
        [{ q: ['order'] }, 'q must be text'],
        [{ page: -1 }, 'page must be a whole number from 1 to 1000000'],
      ];
      for (const [body, message] of cases) {
        const res = await tasks(body).expect(400);
        expect(res.body).toEqual({ success: false, message, error: expect.any(String) });
      }
    });

    it('is for admins only: a customer gets 403, a visitor 401', async () => {
      expect((await tasks({}, alice.token).expect(403)).body).toMatchObject({ success: false, error: 'forbidden' });
      expect((await post('admin/tasks', {}).expect(401)).body).toMatchObject({ success: false, error: 'not_signed_in' });
    });
  });

  describe('orders delivered by the upstream provider', () => {
    const ledger = () => t.app.get(FulfilmentLedger);
    const unclear = 'No clear answer from the provider (timeout): check its panel before retrying';

    /** Queued for service 1024 × 500, claimed and placed upstream as the place-order job does. */
    async function placed(orderId: string, upstreamOrderId: string) {
      const id = ids[orderId];
      expect(await ledger().queue(id, { serviceId: '1024', quantity: 500 }, new Date('2025-05-01T10:00:00Z'))).toBe(true);
      expect(await ledger().claimForPlacing(id, new Date('2025-05-01T10:00:01Z'))).not.toBeNull();
      expect(await ledger().markPlaced(id, upstreamOrderId, new Date('2025-05-01T10:00:02Z'))).toBe(true);
      return id;
    }

    async function needsReview(orderId: string) {
      const id = ids[orderId];
      await ledger().queue(id, { serviceId: '1024', quantity: 500 }, new Date());
      await ledger().claimForPlacing(id, new Date());
      expect(await ledger().markNeedsReview(id, unclear, new Date())).toBe(true);
    }

    beforeAll(async () => {
      const usd = await placed('order_Alice01', '88001');
      const eur = await placed('order_Alice02', '88002');
      await ledger().recordUpstream(
        [
          { subscriptionId: usd, upstreamStatus: 'In progress', charge: '0.27819', currency: 'usd', startCount: 1204, remains: 350 },
          { subscriptionId: eur, upstreamStatus: 'Processing', charge: '0.25', currency: 'EUR', startCount: null, remains: null },
        ],
        new Date('2025-05-01T10:05:00Z'),
      );
      // One more of Bob's, the newest of all, for the cancel below (Status 0 totals of the next specs stay as they were).
      await bought(bob, 'Test bob', 'order_BobLate', 'Threads', '2025-03-04T10:00:00Z');
      await needsReview('order_BobInsta');
      await needsReview('order_BobLate');
    });

    it("shows staff the upstream order, its status, charge and the margin when the provider charges in the price's currency", async () => {
      const res = await tasks({ q: 'order_Alice0', sortOrder: 'asc' }).expect(200);
      const [usd, eur] = res.body.data;
      expect(usd).toMatchObject({ orderId: 'order_Alice01', Status: 0, statusText: 'In Process', progress: { startCount: 1204, remains: 350, quantity: 500 } });
      expect(usd.fulfilment).toEqual({
        state: 'open',
        serviceId: '1024',
        serviceName: null,
        quantity: 500,
        upstreamOrderId: '88001',
        upstreamStatus: 'In progress',
        charge: '0.27819',
        currency: 'usd',
        startCount: 1204,
        remains: 350,
        note: null,
        queuedAt: '2025-05-01T10:00:00.000Z',
        placedAt: '2025-05-01T10:00:02.000Z',
        checkedAt: '2025-05-01T10:05:00.000Z',
        margin: { amount: '19.71181', currency: 'USD' },
      });
      expect(eur).toMatchObject({
        orderId: 'order_Alice02',
        progress: null,
        fulfilment: { upstreamStatus: 'Processing', charge: '0.25', currency: 'EUR', margin: null },
      });
    });

    it('filters the orders that need review, newest first, with the note, and combines it with the Status filter and the search', async () => {
      const res = await tasks({ fulfilment: 'needs_review' }).expect(200);
      expect(orderIds(res)).toEqual(['order_BobLate', 'order_BobInsta']);
      expect(res.body.paging).toEqual({ total: 2, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false });
      expect(res.body.data[0].fulfilment).toMatchObject({ state: 'needs_review', upstreamOrderId: null, note: unclear, margin: null });
      expect(orderIds(await tasks({ fulfilment: 'needs_review', sortOrder: 'asc' }).expect(200))).toEqual(['order_BobInsta', 'order_BobLate']);
      expect(orderIds(await tasks({ fulfilment: 'needs_review', q: 'insta' }).expect(200))).toEqual(['order_BobInsta']);
      expect((await tasks({ fulfilment: 'needs_review', Status: 1 }).expect(200)).body.paging.total).toBe(0);
      expect((await tasks({ fulfilment: '' }).expect(200)).body.paging.total).toBe(29);
      expect((await tasks({ fulfilment: 'needs_review', limit: 10, page: 2 }).expect(200)).body).toEqual({
        success: true,
        data: [],
        paging: { total: 2, page: 2, limit: 10, pages: 1, hasNext: false, hasPrev: true },
        cursors: { next: null, prev: null },
      });
    });

    it('leaves the filter once an order is retried (queued again) or cancelled (Status 3 Canceled)', async () => {
      expect(await ledger().retry(ids.order_BobInsta, new Date())).toMatchObject({ changed: true });
      const cancelled = await ledger().cancel(ids.order_BobLate, new Date());
      expect(cancelled).toMatchObject({ changed: true, subscription: { status: 3 } });
      expect((await tasks({ fulfilment: 'needs_review' }).expect(200)).body.paging.total).toBe(0);
      const canceled = await tasks({ Status: 3 }).expect(200);
      expect(orderIds(canceled)).toEqual(['order_BobLate']);
      expect(canceled.body.data[0]).toMatchObject({ Status: 3, statusText: 'Canceled', fulfilment: { state: 'canceled' } });
      expect((await tasks({ q: 'order_BobInsta' }).expect(200)).body.data[0].fulfilment).toMatchObject({ state: 'queued', note: null });
    });
  });

  describe('POST /admin/upStatus', () => {
    const active = () => post('subscription/activeService', { userId: alice.userId, limit: 50 }, alice.token).expect(200);
    const completed = () => post('subscription/completedService', { userId: alice.userId, limit: 50 }, alice.token).expect(200);

    it("moves a subscription from the customer's Active list to Completed, answers it, and records the change", async () => {
      const id = ids.order_Alice25;
      expect(orderIds(await active())).toContain('order_Alice25');
      expect(orderIds(await completed())).toEqual([]);

      const res = await post('admin/upStatus', { subscriptionId: id, Status: 1 }, admin.token).expect(200);
      expect(res.body).toEqual({
        success: true,
        subscription: expect.objectContaining({
          _id: id,
          subscriptionId: id,
          orderId: 'order_Alice25',
          Status: 1,
          user: alice.userId,
          customer: { userId: alice.userId, name: 'Test alice', email: alice.email },
        }),
      });

      expect(orderIds(await active())).not.toContain('order_Alice25');
      expect(orderIds(await completed())).toEqual(['order_Alice25']);
      const filtered = await tasks({ Status: 1 }).expect(200);
      expect(orderIds(filtered)).toEqual(['order_Alice25']);
      expect(filtered.body.paging.total).toBe(1);
      expect((await tasks({ Status: '0' }).expect(200)).body.paging.total).toBe(27);
      expect((await post('user/getById', { userId: alice.userId }, alice.token).expect(200)).body.subscriptions).toEqual({ total: 25, active: 24, completed: 1 });

      const audit = await t.app.get(DataSource).query('SELECT actor_id, actor_role, action, entity, entity_id, before, after FROM audit_log WHERE entity_id = $1', [id]);
      expect(audit).toEqual([
        {
          actor_id: admin.adminId,
          actor_role: 'admin',
          action: 'subscription.status',
          entity: 'subscription',
          entity_id: id,
          before: { Status: 0 },
          after: { Status: 1 },
        },
      ]);
    });

    it('moves it back to In Process; setting the Status it has changes and records nothing', async () => {
      const id = ids.order_Alice24;
      await post('admin/upStatus', { subscriptionId: id, Status: '1' }, admin.token).expect(200);
      const again = await post('admin/upStatus', { subscriptionId: id, Status: 1 }, admin.token).expect(200);
      expect(again.body.subscription.Status).toBe(1);
      const back = await post('admin/upStatus', { subscriptionId: id, Status: 0 }, admin.token).expect(200);
      expect(back.body.subscription.Status).toBe(0);
      expect(orderIds(await active())).toContain('order_Alice24');
      const audit = await t.app.get(DataSource).query('SELECT before, after FROM audit_log WHERE entity_id = $1 ORDER BY created_at, audit_id', [id]);
      expect(audit).toHaveLength(2);
      expect(audit).toEqual(
        expect.arrayContaining([
          { before: { Status: 0 }, after: { Status: 1 } },
          { before: { Status: 1 }, after: { Status: 0 } },
        ]),
      );
    });

    it('answers 404 for an unknown subscription', async () => {
      const res = await post('admin/upStatus', { subscriptionId: randomUUID(), Status: 1 }, admin.token).expect(404);
      expect(res.body).toEqual({ success: false, message: 'Subscription not found', error: 'subscription_not_found' });
    });

    it('refuses a Status other than 0 or 1, and a bad id, with a 400, changing nothing', async () => {
      for (const Status of [2, -1, 'x', 1.5, null]) {
        const res = await post('admin/upStatus', { subscriptionId: ids.order_Alice23, Status }, admin.token).expect(400);
        expect(res.body.message).toMatch(/^Status /);
      }
      expect((await post('admin/upStatus', { subscriptionId: 'nope', Status: 1 }, admin.token).expect(400)).body.message).toBe(
        'subscriptionId must be a valid subscription id',
      );
      expect((await post('admin/upStatus', { subscriptionId: `${ids.order_Alice23}\u0000`, Status: 1 }, admin.token).expect(400)).body.message).toBe(
        'subscriptionId must not contain control characters',
      );
      expect(orderIds(await active())).toContain('order_Alice23');
    });

    it('is for admins only: a customer gets 403, a visitor 401', async () => {
      await post('admin/upStatus', { subscriptionId: ids.order_Alice22, Status: 1 }, alice.token).expect(403);
      await post('admin/upStatus', { subscriptionId: ids.order_Alice22, Status: 1 }).expect(401);
      expect(orderIds(await active())).toContain('order_Alice22');
    });
  });

  describe('Previous/Next by keyset (docs/architecture.md#one-way-per-thing)', () => {
    const cursorMessage = 'after/before must be a cursor from the last answer of this list (same sort); ask for the page by number instead';

    beforeAll(async () => {
      // Six orders of the same microsecond and two a microsecond later, right after the four newest
      // (so the first page of ten ends among them): the id breaks the tie, and a cursor keeps the
      // microseconds a JavaScript Date would drop.
      for (const tie of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'])
        await bought(bob, 'Test bob', `order_Tie${tie}`, 'YouTube', `2025-02-01 10:00:00.12345${tie < 'G' ? 6 : 7}+00`);
    });

    it.each([
      ['newest first', {}],
      ['oldest first', { sortOrder: 'asc' }],
      ['plan name A to Z', { sortBy: 'planName', sortOrder: 'asc' }],
      ['plan name Z to A', { sortBy: 'planName', sortOrder: 'desc' }],
      ['a search by plan name', { q: 'youtube', sortBy: 'planName', sortOrder: 'asc' }],
      ['a Status filter', { Status: 0, sortOrder: 'asc' }],
    ])('%s: Next by cursor gives page + 1, Previous gives page - 1, null cursors at the ends', async (_sort, filters) => {
      const byNumber: request.Response[] = [];
      for (let page = 1; ; page++) {
        const res = await tasks({ ...filters, page, limit: 10 }).expect(200);
        byNumber.push(res);
        if (!res.body.paging.hasNext) break;
      }
      expect(byNumber.length).toBeGreaterThan(1);
      if (Object.keys(filters).length === 0) expect(orderIds(byNumber[0]).slice(-1)[0]).toMatch(/^order_Tie/);
      expect(byNumber[0].body.cursors.prev).toBeNull();
      expect(byNumber[byNumber.length - 1].body.cursors.next).toBeNull();
      for (let i = 0; i + 1 < byNumber.length; i++) {
        const next = await tasks({ ...filters, page: i + 2, limit: 10, after: byNumber[i].body.cursors.next }).expect(200);
        expect(next.body).toEqual(byNumber[i + 1].body);
        const prev = await tasks({ ...filters, page: i + 1, limit: 10, before: byNumber[i + 1].body.cursors.prev }).expect(200);
        expect(prev.body).toEqual(byNumber[i].body);
      }
    });

    it('refuses a cursor it did not hand out for this sort with a 400, never a 500', async () => {
      const first = await tasks({ limit: 10 }).expect(200);
      const next = first.body.cursors.next as string;
      expect(typeof next).toBe('string');
      const tampered = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const uuid = randomUUID();
      const cases: unknown[] = [
        { page: 2, after: 'not a cursor!' },
        { page: 2, after: 'e30' },
        { page: 2, after: tampered({ s: 'createdAt', o: 'desc', k: ['abc', uuid] }) },
        { page: 2, after: tampered({ s: 'createdAt', o: 'desc', k: ['1', 'nope'] }) },
        { page: 2, after: tampered({ s: 'createdAt', o: 'desc', k: ['99999999999999999999', uuid] }) },
        { page: 2, after: tampered({ s: 'planName', o: 'asc', k: ['X\u0000', '1', uuid] }) },
        { page: 2, after: tampered([1, 2]) },
        { page: 2, after: Buffer.from('{"s":').toString('base64url') },
        { page: 2, after: next, sortOrder: 'asc' },
        { page: 2, after: next, sortBy: 'planName' },
        { page: 2, after: 5 },
        { page: 2, after: { s: 'createdAt' } },
        { page: 2, before: 'x'.repeat(3000) },
      ];
      for (const body of cases) {
        const res = await tasks(body).expect(400);
        expect(res.body).toEqual({ success: false, message: cursorMessage, error: expect.any(String) });
      }
      const both = await tasks({ page: 2, after: next, before: next }).expect(400);
      expect(both.body.message).toBe('Send after or before, not both');
      // A blank cursor is no cursor: the page by number.
      expect((await tasks({ page: 2, after: '', before: null }).expect(200)).body).toEqual((await tasks({ page: 2 }).expect(200)).body);
    });
  });
});

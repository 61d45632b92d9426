import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { DEV_ADMIN } from '../../src/platform/config/app-config';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer } from '../support/customer-session';
import { buy } from '../reports/support';
import { authenticatedRoutes } from '../support/routes';

/**
 * What every route an admin token may call does to the data: a read, a session's own business, or a
 * write recorded in the audit log under these actions. A new admin route fails the spec below until
 * it is placed here; an audited write must name actions some use case really records.
 */
const ADMIN_ROUTES: Record<string, { read: true } | { session: string } | { audited: string[] } | { notAudited: string }> = {
  'POST /api/user/getById': { read: true },
  'POST /api/user/update': { audited: ['user.update'] },
  'POST /api/user/getAll': { read: true },
  'POST /api/subscription/activeService': { read: true },
  'POST /api/subscription/completedService': { read: true },
  'POST /api/subscription/user': { read: true },
  'GET /api/orders/:orderId/receipt': { read: true },
  'POST /api/admin/update-email/request': { session: 'stores a code and mails it; the change itself is admin.email.update at verify' },
  'POST /api/admin/update-email/verify': { audited: ['admin.email.update'] },
  'POST /api/admin/update-password': { audited: ['admin.password.update'] },
  'POST /api/admin/logout': { session: "ends the caller's own session" },
  'POST /api/admin/tasks': { read: true },
  'POST /api/admin/upStatus': { audited: ['subscription.status'] },
  'POST /api/admin/tasks/complete': { audited: ['subscription.status'] },
  'POST /api/admin/orders': { read: true },
  'POST /api/admin/audit': { read: true },
  'POST /api/services/create': { audited: ['service.create'] },
  'POST /api/services/update': { audited: ['service.update'] },
  'POST /api/services/delete': { audited: ['service.delete'] },
  'POST /api/services/getById': { read: true },
  'POST /api/services/listForAdmin': { read: true },
  'POST /api/services/deleteContent': { audited: ['service.content.delete'] },
  'POST /api/documents/save': { audited: ['document.save'] },
  'POST /api/plan/all': { read: true },
  'POST /api/plan/create': { audited: ['plan.create'] },
  'POST /api/plan/update': { audited: ['plan.update'] },
  'POST /api/plan/getByPlanId': { read: true },
  'POST /api/plan/deletePricing': { audited: ['pricing.delete'] },
  'POST /api/plan/deletePlan': { audited: ['plan.delete'] },
  'GET /api/admin/fulfilment/provider': { read: true },
  'GET /api/admin/fulfilment/services': { read: true },
  'GET /api/admin/fulfilment/mappings': { read: true },
  'POST /api/admin/fulfilment/mapping': { audited: ['fulfilment.mapping'] },
  'POST /api/admin/fulfilment/retry': { audited: ['fulfilment.retry'] },
  'POST /api/admin/fulfilment/cancel': { audited: ['fulfilment.cancel'] },
  'POST /api/admin/fulfilment/link': { audited: ['fulfilment.link'] },
  'POST /api/admin/fulfilment/refill': { audited: ['fulfilment.refill'] },
  // Staff's "Check orders now": the scheduled status pass run at once; what it stores is the provider's word, not staff's.
  'POST /api/admin/fulfilment/sync': { notAudited: 'runs the scheduled provider status pass now' },
  'POST /api/admin/refunds': { audited: ['refund.create'] },
  'POST /api/admin/refund-requests/decide': { audited: ['refund_request.approve', 'refund_request.decline'] },
  'POST /api/admin/refunds/list': { read: true },
  'POST /api/admin/overview': { read: true },
  // Writes nothing, but what leaves the shop is recorded: who, which period and filters, how many rows.
  'GET /api/admin/export/orders.csv': { audited: ['export.orders'] },
  'GET /api/admin/export/customers.csv': { audited: ['export.customers'] },
};

/** The text of every non-spec source file under `dir`. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.ts$/.test(name) && !/spec\.ts$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}

/**
 * POST /api/admin/audit over HTTP.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the queue, the
 * guard, the audit log written by real admin calls. Fake: nothing.
 */
describe('admin audit log API', () => {
  let t: TestApp;
  let admin: { adminId: string; token: string };
  const post = (path: string, body: unknown, token?: string) => {
    const req = request(t.app.getHttpServer()).post(`/api/${path}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body as object);
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_PER_IP: '1000', RATE_LIMIT_OTP_PER_IP: '1000' } });
    const login = await post('admin/login', { email: DEV_ADMIN.email, password: DEV_ADMIN.password }).expect(200);
    admin = { adminId: login.body.adminId, token: login.body.token };
  });

  afterAll(() => t?.close());

  it('lists admin writes newest first, with the acting admin, no secrets, and the paging meta', async () => {
    const empty = await post('admin/audit', {}, admin.token).expect(200);
    expect(empty.body).toEqual({ success: true, data: [], paging: { total: 0, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false } });

    // Two admin writes: a password change (answers a new token), then a second one with it.
    let token = admin.token;
    for (const [oldPassword, newPassword] of [
      [DEV_ADMIN.password, 'first new password'],
      ['first new password', 'second new password'],
    ]) {
      token = (await post('admin/update-password', { adminId: admin.adminId, oldPassword, newPassword }, token).expect(200)).body.token;
    }

    const res = await post('admin/audit', { page: 1, limit: 10 }, token).expect(200);
    expect(res.body.paging).toEqual({ total: 2, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false });
    expect(res.body.data).toHaveLength(2);
    for (const entry of res.body.data) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'adminEmail', 'adminId', 'after', 'auditId', 'before', 'createdAt', 'entity', 'entityId', 'subject']);
      expect(entry).toMatchObject({
        adminId: admin.adminId,
        adminEmail: DEV_ADMIN.email,
        action: 'admin.password.update',
        entity: 'admin',
        entityId: admin.adminId,
        subject: null,
        before: null,
        after: null,
      });
      expect(new Date(entry.createdAt).toISOString()).toBe(entry.createdAt);
    }
    expect(Date.parse(res.body.data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(res.body.data[1].createdAt));
    expect(JSON.stringify(res.body)).not.toMatch(/new password|scrypt/);

    const paged = await post('admin/audit', { page: '2', limit: 10 }, token).expect(200);
    expect(paged.body).toEqual({ success: true, data: [], paging: { total: 2, page: 2, limit: 10, pages: 1, hasNext: false, hasPrev: true } });
  });

  it('is for admins only: 401 for a visitor, 403 for a customer', async () => {
    await post('admin/audit', {}).expect(401);
    const customer = await signUpCustomer(t, 'audit-reader');
    const res = await post('admin/audit', {}, customer.token).expect(403);
    expect(res.body).toMatchObject({ success: false, error: 'forbidden' });
  });

  it.each([
    [{ limit: 7 }, 'limit must be one of 10, 20, 50, 100'],
    [{ page: 0 }, 'page must be a whole number from 1 to 1000000'],
    [{ page: 'abc' }, 'page must be a whole number from 1 to 1000000'],
    [{ page: 1.5 }, 'page must be a whole number from 1 to 1000000'],
    [{ page: [1] }, 'page must be a whole number from 1 to 1000000'],
    [{ page: '1\u0000' }, 'page must not contain control characters'],
  ])('answers 400 for %j', async (body, message) => {
    const login = await post('admin/login', { email: DEV_ADMIN.email, password: 'second new password' }).expect(200);
    const res = await post('admin/audit', body, login.body.token).expect(400);
    expect(res.body).toEqual({ success: false, message, error: 'invalid' });
  });

  describe('what an entry touched, and the filters (actor, kind, period)', () => {
    let staff: { adminId: string; token: string };
    let customer: Awaited<ReturnType<typeof signUpCustomer>>;
    let bought: { orderId: string; subscriptionId: string };

    beforeAll(async () => {
      staff = await adminToken(t);
      customer = await signUpCustomer(t, 'audited-buyer');
      bought = await buy(t, customer, 'youtube', 0);
      await post('admin/upStatus', { subscriptionId: bought.subscriptionId, Status: 1 }, staff.token).expect(200);
      await post('user/update', { userId: customer.userId, name: 'Ben Buyer', phone: '+1 555 010 0102' }, staff.token).expect(200);
    });

    it('names the order and its customer of a subscription entry, the customer of a user entry', async () => {
      const res = await post('admin/audit', { kind: 'subscription' }, staff.token).expect(200);
      expect(res.body.paging.total).toBe(1);
      const [entry] = res.body.data;
      expect(entry).toMatchObject({
        action: 'subscription.status',
        entity: 'subscription',
        entityId: bought.subscriptionId,
        before: { Status: 0 },
        after: { Status: 1 },
      });
      expect(entry.subject).toEqual({
        label: bought.orderId,
        orderId: bought.orderId,
        userId: customer.userId,
        customerEmail: customer.email,
        customerName: 'Ben Buyer',
      });

      const users = await post('admin/audit', { kind: 'user' }, staff.token).expect(200);
      expect(users.body.data.find((e: { entityId: string }) => e.entityId === customer.userId)?.subject).toEqual({
        label: customer.email,
        userId: customer.userId,
        customerEmail: customer.email,
        customerName: 'Ben Buyer',
      });
    });

    it('names the customer without bidi controls, for a name stored before they were removed (docs/security.md#text-entered-by-customers)', async () => {
      await t.app.get(DataSource).query(`UPDATE users SET name = $2 WHERE user_id = $1`, [customer.userId, 'Ben\u202e reyuB']);
      try {
        const res = await post('admin/audit', { kind: 'subscription' }, staff.token).expect(200);
        expect(res.body.data[0].subject.customerName).toBe('Ben reyuB');
        const users = await post('admin/audit', { kind: 'user' }, staff.token).expect(200);
        expect(users.body.data.find((e: { entityId: string }) => e.entityId === customer.userId)?.subject.customerName).toBe('Ben reyuB');
      } finally {
        await t.app.get(DataSource).query(`UPDATE users SET name = 'Ben Buyer' WHERE user_id = $1`, [customer.userId]);
      }
    });

    it("shows an entry's before and after without bidi controls, for values stored before they were removed", async () => {
      const db = t.app.get(DataSource);
      const [entry] = (await db.query(`SELECT audit_id, after FROM audit_log WHERE action = 'user.update' AND entity_id = $1`, [customer.userId])) as Array<{
        audit_id: string;
        after: object;
      }>;
      await db.query(`UPDATE audit_log SET after = $2 WHERE audit_id = $1`, [
        entry.audit_id,
        JSON.stringify({ ...entry.after, name: 'Ben\u202e reyuB', tags: ['\u2066x\u2069'] }),
      ]);
      try {
        const users = await post('admin/audit', { kind: 'user' }, staff.token).expect(200);
        const shown = users.body.data.find((e: { auditId: string }) => e.auditId === entry.audit_id);
        expect(shown.after).toMatchObject({ name: 'Ben reyuB', tags: ['x'] });
      } finally {
        await db.query(`UPDATE audit_log SET after = $2 WHERE audit_id = $1`, [entry.audit_id, JSON.stringify(entry.after)]);
      }
    });

    it('names the plan of a plan entry (its current name and id, for the plan editor); a record deleted since is named by nothing', async () => {
      const created = await post(
        'plan/create',
        {
          name: 'Deezer',
          platform: 'Deezer',
          status: 'Pending',
          pricing: [{ name: 'Starter', price: '9.90', description: 'First listeners.', features: ['1,000 plays'], isPopular: false }],
        },
        staff.token,
      ).expect(201);
      const planId = created.body.plan.planId as string;
      const plans = await post('admin/audit', { kind: 'plan' }, staff.token).expect(200);
      expect(plans.body.data[0]).toMatchObject({ action: 'plan.create', entityId: planId, subject: { label: 'Deezer', planId } });
      await post('plan/deletePlan', { planId }, staff.token).expect(200);
      const after = await post('admin/audit', { kind: 'plan' }, staff.token).expect(200);
      expect(after.body.data.map((e: { action: string; subject: unknown }) => [e.action, e.subject])).toEqual([
        ['plan.delete', null],
        ['plan.create', null],
      ]);
    });

    it("filters by actor, by kind (a prefix of the action, refund_request's underscore matching itself) and by period", async () => {
      const all = await post('admin/audit', { limit: 100 }, staff.token).expect(200);
      const byStaff = await post('admin/audit', { actor: staff.adminId, limit: 100 }, staff.token).expect(200);
      expect(byStaff.body.data.length).toBeGreaterThanOrEqual(2);
      expect(byStaff.body.data.every((e: { adminId: string }) => e.adminId === staff.adminId)).toBe(true);
      expect(byStaff.body.paging.total).toBe(all.body.data.filter((e: { adminId: string }) => e.adminId === staff.adminId).length);

      const nobody = await post('admin/audit', { actor: '00000000-0000-4000-8000-000000000000' }, staff.token).expect(200);
      expect(nobody.body.paging.total).toBe(0);
      const refundRequests = await post('admin/audit', { kind: 'refund_request' }, staff.token).expect(200);
      expect(refundRequests.body.paging.total).toBe(0);

      const newest = all.body.data[0].createdAt as string;
      const until = new Date(Date.parse(newest) + 1).toISOString();
      const upToNewest = await post('admin/audit', { from: '2000-01-01T00:00:00Z', to: until, limit: 100 }, staff.token).expect(200);
      expect(upToNewest.body.paging.total).toBe(all.body.paging.total);
      const before = await post('admin/audit', { to: newest, limit: 100 }, staff.token).expect(200);
      expect(before.body.data.map((e: { auditId: string }) => e.auditId)).not.toContain(all.body.data[0].auditId);
      const after = await post('admin/audit', { from: until }, staff.token).expect(200);
      expect(after.body.paging.total).toBe(0);
    });

    it.each([
      [{ actor: 'asha' }, 'actor must be an admin id (a UUID)'],
      [{ actor: { $ne: null } }, 'actor must be an admin id (a UUID)'],
      [{ kind: 'subscription.status' }, 'kind must be one of subscription, fulfilment, refund, refund_request, service, plan, pricing, document, user, admin, export'],
      [{ kind: ['plan'] }, 'kind must be one of subscription, fulfilment, refund, refund_request, service, plan, pricing, document, user, admin, export'],
      [{ kind: '%' }, 'kind must be one of subscription, fulfilment, refund, refund_request, service, plan, pricing, document, user, admin, export'],
      [{ from: 'yesterday' }, 'from must be a date and time such as 2026-01-31T18:30:00.000Z'],
      [{ from: 1767225600000 }, 'from must be a date and time such as 2026-01-31T18:30:00.000Z'],
      [{ to: '2026-02-30T00:00:00Z' }, 'to must be a date and time such as 2026-01-31T18:30:00.000Z'],
      [{ to: '9999-01-01T00:00:00Z' }, 'to must be a date and time such as 2026-01-31T18:30:00.000Z'],
      [{ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'to must be after from'],
    ])('answers 400 naming the field for the filter %j', async (body, message) => {
      const res = await post('admin/audit', body, staff.token).expect(400);
      expect(res.body).toEqual({ success: false, message, error: 'invalid' });
    });
  });

  it("records an admin's edit of a customer's profile (user.update, before and after), and not the customer's own edit", async () => {
    const customer = await signUpCustomer(t, 'edited');
    await post('user/update', { userId: customer.userId, name: 'Self Edit', phone: '+1 555 010 0100' }, customer.token).expect(200);
    const staff = await adminToken(t);
    await post('user/update', { userId: customer.userId, name: 'Staff Edit', phone: '+1 555 010 0101' }, staff.token).expect(200);
    const rows = await t.app
      .get(DataSource)
      .query(`SELECT actor_id, actor_role, action, before, after FROM audit_log WHERE entity = 'user' AND entity_id = $1`, [customer.userId]);
    expect(rows).toEqual([
      {
        actor_id: staff.adminId,
        actor_role: 'admin',
        action: 'user.update',
        before: { name: 'Self Edit', phone: '+1 555 010 0100' },
        after: { name: 'Staff Edit', phone: '+1 555 010 0101' },
      },
    ]);
  });

  it('knows what every route an admin token may call does: a read, a session step, or an audited write whose actions are recorded', () => {
    const adminRoutes = [...authenticatedRoutes(t)].filter(([, roles]) => roles.length === 0 || roles.includes('admin')).map(([route]) => route);
    expect(adminRoutes.sort()).toEqual(Object.keys(ADMIN_ROUTES).sort());
    const code = sourcesUnder(join(__dirname, '../../src/modules')).join('\n');
    const missing = Object.values(ADMIN_ROUTES)
      .flatMap((kind) => ('audited' in kind ? kind.audited : []))
      .filter((action) => !code.includes(`'${action}'`));
    expect(missing).toEqual([]);
  });
});

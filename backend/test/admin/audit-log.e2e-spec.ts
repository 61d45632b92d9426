import request from 'supertest';
import { DEV_ADMIN } from '../../src/platform/config/app-config';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer } from '../support/customer-session';

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
      expect(Object.keys(entry).sort()).toEqual(['action', 'adminEmail', 'adminId', 'after', 'auditId', 'before', 'createdAt', 'entity', 'entityId']);
      expect(entry).toMatchObject({ adminId: admin.adminId, adminEmail: DEV_ADMIN.email, action: 'admin.password.update', entity: 'admin', entityId: admin.adminId, before: null, after: null });
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
});

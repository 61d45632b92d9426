import request from 'supertest';
import { createTestApp, type TestApp } from '../support/app';
import { adminToken } from '../support/admin-session';
import { signUpCustomer } from '../support/customer-session';
import { codeIn, waitForMail } from './support';

/** A 429 names the standard Retry-After (whole seconds until the window frees) besides the envelope. */
function expectRetryAfter(res: request.Response): void {
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
}

/**
 * Rate limits, the in-process mail path and Google switched off, over HTTP.
 * Real: the whole app on its database, the in-process queue (REDIS_URL blanked) with the outbox,
 * the in-memory throttler. Fake: nothing. (The Redis throttler storage has its own spec.)
 */
describe('identity API: rate limits, in-process mail, Google not configured', () => {
  let t: TestApp;
  const post = (path: string, body: object) => request(t.app.getHttpServer()).post(`/api/user/${path}`).send(body);

  beforeAll(async () => {
    t = await createTestApp({
      env: { REDIS_URL: '', GOOGLE_CLIENT_ID: '', RATE_LIMIT_OTP_PER_ADDRESS: '2', RATE_LIMIT_OTP_PER_IP: '3', RATE_LIMIT_SIGN_IN_PER_IP: '3' },
    });
  });

  afterAll(() => t?.close());

  it('mails the code through the in-process queue to the outbox', async () => {
    await post('request-otp', { email: 'inprocess@example.com' }).expect(200);
    expect(codeIn(await waitForMail(t.dataDir, 'inprocess@example.com'))).toMatch(/^\d{6}$/);
  });

  it('limits codes per address, then per client address, with 429 and Retry-After', async () => {
    // Address limit 2 per hour: the second is refused by the 60 s cooldown, the third by the limit.
    await post('request-otp', { email: 'limited@example.com' }).expect(200);
    await post('request-otp', { email: 'limited@example.com' }).expect(429);
    const third = await post('request-otp', { email: 'LIMITED@example.com' }).expect(429);
    expect(third.body.error).toBe('rate_limited');
    expect(third.body.message).toMatch(/^Too many attempts\. Please try again in \d+ (minutes?|seconds?)\.$/);
    expect(Number(third.headers['retry-after-otp-per-address'])).toBeGreaterThan(0);
    expectRetryAfter(third);

    // IP limit 3 per hour: this client has now asked 4 times (the first test included).
    const res = await post('request-otp', { email: 'fresh@example.com' }).expect(429);
    expect(res.body.error).toBe('rate_limited');
    expect(Number(res.headers['retry-after-otp-per-ip'])).toBeGreaterThan(0);
    expectRetryAfter(res);
  });

  it("answers 503 'Google sign-in is not configured.' without GOOGLE_CLIENT_ID", async () => {
    const res = await post('google', { idToken: 'x.y.z' }).expect(503);
    expect(res.body).toEqual({ success: false, message: 'Google sign-in is not configured.', error: 'google_not_configured' });
  });

  it('limits password sign-in attempts per client address', async () => {
    // Limit 3 per 15 minutes, counted per route.
    for (let i = 0; i < 3; i++) await post('login', { email: 'nobody@example.com', password: 'wrong password' }).expect(401);
    const res = await post('login', { email: 'nobody@example.com', password: 'wrong password' }).expect(429);
    expect(res.body).toMatchObject({ success: false, error: 'rate_limited' });
    expectRetryAfter(res);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another route keeps its own count.
    await post('verify-otp', { email: 'nobody@example.com', otp: '123456' }).expect(400);
  });
});

/**
 * Who the client is: the socket's address unless TRUST_PROXY names the proxies in front of the app.
 * Real: the whole app, the throttler (in Redis with REDIS_URL, else in memory). Fake: nothing; the
 * requests come from loopback, which the app used to trust as a proxy.
 */
describe('identity API: the client address behind the per-IP limits (TRUST_PROXY)', () => {
  const login = (t: TestApp, forwardedFor?: string) => {
    const req = request(t.app.getHttpServer()).post('/api/user/login');
    if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
    return req.send({ email: 'nobody@example.com', password: 'wrong password' });
  };

  describe('TRUST_PROXY unset (no proxy: the app sits on the published port)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_PER_IP: '5' } });
    });
    afterAll(() => t?.close());

    it('ignores X-Forwarded-For: 40 requests, each with a new forged address, are limited after 5', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await login(t, `203.0.113.${i + 1}`);
        statuses.push(res.status);
        if (res.status === 429) expectRetryAfter(res);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual(Array(35).fill(429));
    });
  });

  describe('TRUST_PROXY=1 (one proxy in front of the app)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_PER_IP: '3', TRUST_PROXY: '1' } });
    });
    afterAll(() => t?.close());

    it("counts the header's last hop as the client: two addresses apart, forged earlier hops change nothing", async () => {
      for (let i = 0; i < 3; i++) await login(t, '198.51.100.1').expect(401);
      expectRetryAfter(await login(t, '198.51.100.1').expect(429));
      // The proxy appends the address it saw; what the client sent before it does not count.
      await login(t, '192.0.2.77, 198.51.100.1').expect(429);
      await login(t, '192.0.2.78, 198.51.100.1').expect(429);
      // Another client behind the same proxy has its own count.
      await login(t, '198.51.100.2').expect(401);
      await login(t, '192.0.2.77, 198.51.100.2').expect(401);
    });
  });
});

/**
 * The old-password check of /user/update (scrypt) has a limit per account.
 * Real: the whole app, the throttler (in Redis with REDIS_URL, else in memory), the outbox.
 */
describe('identity API: password changes per account (RATE_LIMIT_PASSWORD_PER_ACCOUNT)', () => {
  let t: TestApp;
  const update = (token: string, body: object) => request(t.app.getHttpServer()).post('/api/user/update').set('Authorization', `Bearer ${token}`).send(body);

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PASSWORD_PER_ACCOUNT: '3' } });
  });
  afterAll(() => t?.close());

  it('refuses the 4th old-password check within 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const me = await signUpCustomer(t, 'pw-limit', 'correct horse battery');
    const base = { userId: me.userId, name: 'Me', phone: '5550100', newPassword: 'brand new password' };
    for (let i = 0; i < 3; i++) {
      const wrong = await update(me.token, { ...base, oldPassword: `guess number ${i}` }).expect(400);
      expect(wrong.body.error).toBe('old_password_incorrect');
    }
    const limited = await update(me.token, { ...base, oldPassword: 'guess number 3' }).expect(429);
    expect(limited.body).toMatchObject({ success: false, error: 'rate_limited' });
    expect(limited.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expectRetryAfter(limited);
    await update(me.token, { ...base, oldPassword: 'correct horse battery' }).expect(429);
    // Name and phone changes check no password and are not counted.
    await update(me.token, { userId: me.userId, name: 'Still Me', phone: '5550100' }).expect(200);
  });

  it("counts an admin's password checks once per account, whichever route asks (update-email/request and update-password)", async () => {
    const admin = await adminToken(t);
    const post = (path: string, body: object) => request(t.app.getHttpServer()).post(`/api/admin/${path}`).set('Authorization', `Bearer ${admin.token}`).send(body);
    const emailChange = (i: number) => post('update-email/request', { adminId: admin.adminId, newEmail: `new-${i}@shop.example`, currentPassword: `guess ${i}` });
    const passwordChange = (i: number) => post('update-password', { adminId: admin.adminId, oldPassword: `guess ${i}`, newPassword: 'a brand new password' });
    // Limit 3: two guesses on one route and one on the other use it up for both.
    await emailChange(0).expect(400);
    await emailChange(1).expect(400);
    await passwordChange(2).expect(400);
    expect((await passwordChange(3).expect(429)).body.error).toBe('rate_limited');
    await emailChange(4).expect(429);
  });

  it('counts each account apart (the same client address)', async () => {
    const other = await signUpCustomer(t, 'pw-other', 'correct horse battery');
    const base = { userId: other.userId, name: 'Other', phone: '5550100' };
    await update(other.token, { ...base, oldPassword: 'a wrong guess', newPassword: 'brand new password' }).expect(400);
    await update(other.token, { ...base, oldPassword: 'correct horse battery', newPassword: 'brand new password' }).expect(200);
  });
});

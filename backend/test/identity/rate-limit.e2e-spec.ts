import request from 'supertest';
import { createTestApp, type TestApp } from '../support/app';
import { codeIn, waitForMail } from './support';

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

    // IP limit 3 per hour: this client has now asked 4 times (the first test included).
    const res = await post('request-otp', { email: 'fresh@example.com' }).expect(429);
    expect(res.body.error).toBe('rate_limited');
    expect(Number(res.headers['retry-after-otp-per-ip'])).toBeGreaterThan(0);
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
    // Another route keeps its own count.
    await post('verify-otp', { email: 'nobody@example.com', otp: '123456' }).expect(400);
  });
});

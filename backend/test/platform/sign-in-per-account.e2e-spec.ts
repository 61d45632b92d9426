import request from 'supertest';
import { DEV_ADMIN } from '../../src/platform/config/app-config';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';

/**
 * Sign-in attempts per account (RATE_LIMIT_SIGN_IN_PER_ACCOUNT, RATE_LIMIT_SIGN_IN_BACKOFF_SECONDS,
 * RATE_LIMIT_SIGN_IN_PER_ACCOUNT_ALL_CLIENTS): customer login, admin login and admin reset-password
 * are counted per e-mail address from each client address (5 in a row) and from all together (10
 * here), on top of the per-IP limits. Past either count each attempt goes alone and sets a wait
 * (here 1 s, doubling), during which even the right password is refused from that client (or, for
 * the all-clients wait, from any client without the account's known-device cookie: see
 * owner-lockout.e2e-spec.ts); a success forgets the count.
 * Real: the whole app over HTTP behind one trusted proxy (TRUST_PROXY=1, so X-Forwarded-For names
 * the client), its database, the counters in this instance's memory and, with REDIS_URL, in Redis.
 * Fake: nothing.
 */
const stores: Array<[string, string]> = [['memory', '']];
if (process.env.REDIS_URL) stores.push(['Redis', process.env.REDIS_URL]);

describe.each(stores)('sign-in attempts per account (counters in %s)', (_store, redisUrl) => {
  let t: TestApp;
  let customer: CustomerSession;
  const PASSWORD = 'correct horse battery';

  const post = (path: string, body: object, client: string) => request(t.app.getHttpServer()).post(`/api/${path}`).set('X-Forwarded-For', client).send(body);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        REDIS_URL: redisUrl,
        TRUST_PROXY: '1',
        RATE_LIMIT_SIGN_IN_PER_IP: '30',
        RATE_LIMIT_OTP_PER_IP: '1000',
        RATE_LIMIT_SIGN_IN_BACKOFF_SECONDS: '1',
        RATE_LIMIT_SIGN_IN_PER_ACCOUNT_ALL_CLIENTS: '10',
      },
    });
    customer = await signUpCustomer(t, 'per-account', PASSWORD);
  });

  afterAll(() => t?.close());

  it('stops 150 wrong admin passwords sent at once from 5 addresses: a handful are checked, then even the right one waits', async () => {
    const clients = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];
    const guesses = clients.flatMap((client) =>
      Array.from({ length: 30 }, (_, i) => post('admin/login', { email: DEV_ADMIN.email, password: `guess ${client} ${i}` }, client)),
    );
    const statuses = (await Promise.all(guesses)).map((res) => res.status);
    // 10 free from all clients, then one per wait (1 s, 2 s, ...) while the burst lasts; every other guess is refused unchecked.
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(11);
    expect(checked).toBeLessThanOrEqual(15);
    expect(statuses.filter((status) => status === 429)).toHaveLength(150 - checked);

    // One more guess (refused, or checked and starting a longer wait), then the right password from a
    // sixth address without the known-device cookie: refused during the wait, saying when to come back.
    await post('admin/login', { email: DEV_ADMIN.email, password: 'one more guess' }, '203.0.113.8');
    const held = await post('admin/login', { email: ` ${DEV_ADMIN.email.toUpperCase()} `, password: DEV_ADMIN.password }, '203.0.113.9').expect(429);
    expect(held.body).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds?, or reset your password\.$/),
      error: 'rate_limited',
    });
    const retryAfter = Number(held.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(64);

    // After the wait the right password goes through, and the count starts again from nothing.
    await sleep(retryAfter * 1000 + 100);
    await post('admin/login', { email: DEV_ADMIN.email, password: DEV_ADMIN.password }, '203.0.113.9').expect(200);
    for (let i = 0; i < 5; i++) await post('admin/login', { email: DEV_ADMIN.email, password: 'wrong again' }, '203.0.113.10').expect(401);
    await post('admin/login', { email: DEV_ADMIN.email, password: DEV_ADMIN.password }, '203.0.113.10').expect(200);
    // Without the per-account count all 150 passwords are checked (scrypt, several seconds): room to see that fail as such.
  }, 90_000);

  it('counts a customer login per account from one client, the same for an address without an account; each wait doubles and is short', async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers: Record<string, number[]> = { [customer.email]: [], [unknown]: [] };
    for (const email of [customer.email, unknown]) {
      for (let i = 0; i < 7; i++) answers[email].push((await post('user/login', { email, password: 'not it' }, '192.0.2.1')).status);
    }
    // 5 free, the 6th goes alone and sets a 1 s wait, the 7th falls in it: alike for both addresses.
    expect(answers[customer.email]).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect(answers[unknown]).toEqual(answers[customer.email]);

    await sleep(1_100);
    await post('user/login', { email: customer.email, password: 'not it' }, '192.0.2.1').expect(401);
    const doubled = await post('user/login', { email: customer.email, password: PASSWORD }, '192.0.2.1').expect(429);
    expect(doubled.headers['retry-after']).toBe('2');
    await sleep(2_100);
    const res = await post('user/login', { email: customer.email, password: PASSWORD }, '192.0.2.1').expect(200);
    expect(res.body.userId).toBe(customer.userId);
  });

  it('counts admin reset-password codes per account too, apart from admin login', async () => {
    for (let i = 0; i < 6; i++) {
      await post('admin/reset-password', { email: DEV_ADMIN.email, otp: '123456', newPassword: 'a brand new password' }, '192.0.2.100').expect(400);
    }
    await post('admin/reset-password', { email: DEV_ADMIN.email, otp: '123456', newPassword: 'a brand new password' }, '192.0.2.100').expect(429);
    // Logins of the same address keep their own count: the owner is not shut out by guessed codes.
    await post('admin/login', { email: DEV_ADMIN.email, password: DEV_ADMIN.password }, '192.0.2.100').expect(200);
  });
});

import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../../src/platform/security/password-hasher';
import { codeIn, waitForMail } from '../identity/support';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer } from '../support/customer-session';

/**
 * Nobody can keep the owner out of sign-in (docs/security.md, Sign-in): the attack of a stranger who
 * knows only the owner's address, from addresses of his own, against the owner's right password and
 * reset requests from the owner's client. Waits per account from each client
 * (RATE_LIMIT_SIGN_IN_PER_ACCOUNT 5, 1 s doubling here), from all clients together
 * (RATE_LIMIT_SIGN_IN_PER_ACCOUNT_ALL_CLIENTS, 20 here), the known-device cookie, reset mails per
 * address per client and for all clients (RATE_LIMIT_OTP_PER_ADDRESS 5, _ALL_CLIENTS 20).
 * Real: the whole app over HTTP behind one trusted proxy (X-Forwarded-For names the client), its
 * database, the outbox, the counters in memory and, with REDIS_URL, in Redis. Fake: nothing.
 */
const stores: Array<[string, string]> = [['memory', '']];
if (process.env.REDIS_URL) stores.push(['Redis', process.env.REDIS_URL]);

describe.each(stores)('the owner is never locked out (counters in %s)', (_store, redisUrl) => {
  let t: TestApp;
  const PASSWORD = 'admin password 1';
  const OWNER = '198.51.100.7';
  const post = (path: string, body: object, client: string, cookie?: string) => {
    const req = request(t.app.getHttpServer()).post(`/api/${path}`).set('X-Forwarded-For', client);
    if (cookie) req.set('Cookie', cookie);
    return req.send(body);
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        REDIS_URL: redisUrl,
        TRUST_PROXY: '1',
        RATE_LIMIT_SIGN_IN_PER_IP: '1000',
        RATE_LIMIT_OTP_PER_IP: '1000',
        RATE_LIMIT_SIGN_IN_BACKOFF_SECONDS: '1',
        RATE_LIMIT_SIGN_IN_PER_ACCOUNT_ALL_CLIENTS: '20',
      },
    });
  });
  afterAll(() => t?.close());

  async function addAdmin(label: string): Promise<string> {
    const email = `${label}-${randomUUID().slice(0, 8)}@staff.example`;
    await t.app.get(DataSource).query('INSERT INTO admins (email, password_hash) VALUES ($1, $2)', [email, await new PasswordHasher().hash(PASSWORD)]);
    return email;
  }

  /**
   * The attack of the report: wrong passwords, each sent when Retry-After says the wait is over, at
   * least `requests`, the last one checked (so a wait has just begun).
   */
  async function keepWaitRunning(email: string, requests: number, clients: (i: number) => string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < requests || statuses.at(-1) !== 401; i++) {
      const res = await post('admin/login', { email, password: `guess ${i}` }, clients(i));
      statuses.push(res.status);
      if (res.status === 429) await sleep(Number(res.headers['retry-after']) * 1000 + 50);
    }
    return statuses;
  }

  it("a stranger's wrong passwords from his own addresses never hold up the owner's right password from the owner's client", async () => {
    const email = await addAdmin('held');
    // 11 wrong passwords from two addresses, each as soon as the last wait is over.
    const statuses = await keepWaitRunning(email, 11, (i) => `203.0.113.${1 + (i % 2)}`);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(6);
    // Right after the last wrong one, and a wait running for the stranger's clients:
    const owner = await post('admin/login', { email, password: PASSWORD }, OWNER).expect(200);
    expect(owner.body.token).toEqual(expect.any(String));
    // ... while the stranger's own client still waits: of two tries sent together, one at least is
    // refused (the first may find the last wait over, but then sets a new one that the second meets;
    // sent one after the other, a slow password check on a busy machine outlasted the 1 s wait).
    const tries = await Promise.all([
      post('admin/login', { email, password: 'one more' }, '203.0.113.1'),
      post('admin/login', { email, password: 'and more' }, '203.0.113.1'),
    ]);
    expect(tries.map((res) => res.status)).toContain(429);
  }, 120_000);

  it('past the all-clients count the account waits, but not for the known-device cookie; a completed reset clears the wait', async () => {
    const email = await addAdmin('known');
    const first = await post('admin/login', { email, password: PASSWORD }, OWNER).expect(200);
    const setCookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []);
    expect(setCookie).toEqual([expect.stringMatching(/^growth_device_admin=\d+\.[\w-]{43}; Max-Age=\d+; Path=\/api\/admin; HttpOnly; SameSite=Strict$/)]);
    const device = setCookie[0].split(';')[0];

    // Wrong passwords from a new address each: 20 are checked at once, then each one sets a longer wait
    // of the account; sent when the waits end until one of 16 s runs (25 checked).
    let checked = 0;
    for (let i = 0; checked < 25; i++) {
      const res = await post('admin/login', { email, password: `guess ${i}` }, `192.0.2.${10 + i}`);
      if (res.status === 401) checked += 1;
      else await sleep(Number(res.headers['retry-after']) * 1000 + 50);
      expect(i).toBeLessThan(40);
    }
    expect((await post('admin/login', { email, password: 'one more' }, '192.0.2.100')).status).toBe(429);

    // A new client without the cookie waits too, and is told the way round it.
    const held = await post('admin/login', { email, password: PASSWORD }, '192.0.2.200').expect(429);
    expect(held.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?, or reset your password\.$/);
    // The owner's browser, from any address, goes past the account's wait.
    await post('admin/login', { email, password: PASSWORD }, '192.0.2.201', device).expect(200);
    // A cookie earned for another account, or forged, does not.
    await post(
      'admin/login',
      { email, password: PASSWORD },
      '192.0.2.202',
      `growth_device_admin=${device.split('=')[1].replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
    ).expect(429);

    // A completed reset from a new device clears the account's wait, long before it ends.
    const waiting = await post('admin/login', { email, password: PASSWORD }, '192.0.2.203').expect(429);
    const endsAt = Date.now() + Number(waiting.headers['retry-after']) * 1000;
    await post('admin/forgot-password', { email }, '192.0.2.203').expect(200);
    const otp = codeIn(await waitForMail(t.dataDir, email));
    await post('admin/reset-password', { email, otp, newPassword: 'a password of my own' }, '192.0.2.203').expect(200);
    await post('admin/login', { email, password: 'a password of my own' }, '192.0.2.204').expect(200);
    expect(Date.now()).toBeLessThan(endsAt - 1000);
  }, 60_000);

  it.each([
    ['admin', 'admin/forgot-password'],
    ['customer', 'user/forgot-password'],
  ])("%s reset mails: strangers' requests from other addresses never use up the owner's own request", async (kind, path) => {
    const email = kind === 'admin' ? await addAdmin('mail') : (await signUpCustomer(t, `mail-${randomUUID().slice(0, 6)}`)).email;
    // The report's attack: five requests an hour from five addresses ...
    for (let i = 0; i < 5; i++) await post(path, { email }, `203.0.113.${50 + i}`).expect(200);
    // ... and then the owner's own.
    await post(path, { email }, OWNER).expect(200);
    // One client's own requests for one address: 5 an hour.
    for (let i = 0; i < 4; i++) await post(path, { email }, OWNER).expect(200);
    await post(path, { email }, OWNER).expect(429);
    // Past the all-clients cap (20 in the hour) a client that asked before is refused, a new one still goes through.
    for (let i = 0; i < 10; i++) await post(path, { email }, `203.0.114.${i}`).expect(200);
    const again = await post(path, { email }, '203.0.113.50').expect(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    await post(path, { email }, '198.51.100.8').expect(200);
  });
});

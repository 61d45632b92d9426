import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../../src/platform/time/clock';
import { PASSWORD_RESET_SUBJECT } from '../../src/modules/identity/application/otp-mail';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { codeIn, FakeClock, waitForMail } from './support';

const FORGOT_ANSWER = { success: true, message: 'If this e-mail has an account, a reset code has been sent.' };
const INVALID_CODE = { success: false, message: 'Invalid or expired code. Please check it or request a new one.', error: 'invalid_code' };
const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new secret';

/**
 * "Forgot Password?" over HTTP: POST /api/user/forgot-password and /api/user/reset-password.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the queue (BullMQ on
 * Redis with REDIS_URL, else in-process) and the mail outbox on disk, the rate limiter (its limits
 * raised here; the next describe pins them). Fake: the clock (moved by hand).
 */
describe('identity API: password reset by mailed code', () => {
  let t: TestApp;
  const clock = new FakeClock();
  const post = (path: string, body: object, token?: string) => {
    const req = request(t.app.getHttpServer()).post(`/api/user/${path}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body);
  };
  /** Mails already read per address, so each read waits for the next one. */
  const mailsSeen = new Map<string, number>();

  /** Asks for a reset code and reads it from the outbox. */
  async function resetCode(email: string): Promise<string> {
    await post('forgot-password', { email }).expect(200);
    const count = (mailsSeen.get(email) ?? 0) + 1;
    mailsSeen.set(email, count);
    return codeIn(await waitForMail(t.dataDir, email, count));
  }

  async function customer(label: string): Promise<CustomerSession> {
    const session = await signUpCustomer(t, label, OLD_PASSWORD);
    mailsSeen.set(session.email, 1); // the registration code
    return session;
  }

  const wrongTo = (code: string) => (code === '000000' ? '111111' : '000000');

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        MAIL_FROM: '',
        RATE_LIMIT_OTP_PER_ADDRESS: '1000',
        RATE_LIMIT_OTP_PER_IP: '1000',
        RATE_LIMIT_SIGN_IN_PER_IP: '1000',
        RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000',
        RATE_LIMIT_SIGN_IN_PER_ACCOUNT_ALL_CLIENTS: '1000',
        RATE_LIMIT_OTP_PER_ADDRESS_ALL_CLIENTS: '1000',
      },
      overrides: [{ provide: Clock, useValue: clock }],
    });
  });

  afterAll(() => t?.close());

  it('answers a known and an unknown address alike, and mails a code only to the account', async () => {
    const known = await customer('forgot-known');
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers = [
      await post('forgot-password', { email: ` ${known.email.toUpperCase()} ` }).expect(200),
      await post('forgot-password', { email: unknown }).expect(200),
    ];
    expect(answers[0].body).toEqual(FORGOT_ANSWER);
    expect(answers[1].body).toEqual(answers[0].body);

    const mail = await waitForMail(t.dataDir, known.email, 2);
    mailsSeen.set(known.email, 2);
    expect(mail.subject).toBe(PASSWORD_RESET_SUBJECT);
    // One name of the shop: the sender's, the mail's and the site's (the runtime config the shell reads).
    const { shopName } = (await request(t.app.getHttpServer()).get('/api/runtime-config').expect(200)).body as { shopName: string };
    expect(shopName).toBe('SocialGrowth');
    expect((mail as { from?: string }).from).toBe(`${shopName} <no-reply@growth.local>`);
    expect(mail.subject).toContain(shopName);
    expect(mail.text).toContain(`The ${shopName} team`);
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.text).toContain('signs you out on every device');
    expect(JSON.stringify(answers[0].body)).not.toContain(codeIn(mail));
    // The known address's mail has arrived; the unknown one gets none.
    await expect(waitForMail(t.dataDir, unknown, 1, 300)).rejects.toThrow(/did not arrive/);
    // Within the cooldown both answer alike again, and no second mail goes out.
    clock.advance(5_000);
    for (const email of [known.email, unknown]) expect((await post('forgot-password', { email }).expect(200)).body).toEqual(FORGOT_ANSWER);
    await expect(waitForMail(t.dataDir, known.email, 3, 300)).rejects.toThrow(/did not arrive/);
    clock.advance(60_000);
  });

  it('keeps only a keyed hash of the code, never the code', async () => {
    const { email, userId } = await customer('forgot-hash');
    const code = await resetCode(email);
    const rows = (await t.app.get(DataSource).query('SELECT * FROM password_reset_codes WHERE user_id = $1', [userId])) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(String(rows[0].code_hash)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows[0])).not.toContain(code);
    clock.advance(61_000);
  });

  it('sets the new password, signs the customer in and ends every older session', async () => {
    const { email, userId, token: firstDevice } = await customer('forgot-reset');
    const secondDevice = (await post('login', { email, password: OLD_PASSWORD }).expect(200)).body.token as string;
    await post('getById', { userId }, firstDevice).expect(200);

    const otp = await resetCode(email);
    const res = await post('reset-password', { email: email.toUpperCase(), otp, newPassword: NEW_PASSWORD }).expect(200);
    expect(res.body).toMatchObject({ success: true, message: 'Your password has been reset.', userId, user: { email } });
    expect(res.body.token).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toMatch(/hash/i);

    // The answer's session works; both older ones are over.
    await post('getById', { userId }, res.body.token as string).expect(200);
    for (const old of [firstDevice, secondDevice]) expect((await post('getById', { userId }, old).expect(401)).body.success).toBe(false);

    // The new password signs in, the old one no longer does.
    await post('login', { email, password: NEW_PASSWORD }).expect(200);
    expect((await post('login', { email, password: OLD_PASSWORD }).expect(401)).body.message).toBe('Invalid email or password.');

    // A code works once.
    expect((await post('reset-password', { email, otp, newPassword: 'yet another secret' }).expect(400)).body).toEqual(INVALID_CODE);
    await post('login', { email, password: NEW_PASSWORD }).expect(200);
    clock.advance(61_000);
  });

  it('refuses a wrong code and leaves the password as it was', async () => {
    const { email, userId, token } = await customer('forgot-wrong');
    const otp = await resetCode(email);
    expect((await post('reset-password', { email, otp: wrongTo(otp), newPassword: NEW_PASSWORD }).expect(400)).body).toEqual(INVALID_CODE);
    await post('login', { email, password: OLD_PASSWORD }).expect(200);
    await post('login', { email, password: NEW_PASSWORD }).expect(401);
    await post('getById', { userId }, token).expect(200);
    // The right code still works after one wrong entry.
    await post('reset-password', { email, otp, newPassword: NEW_PASSWORD }).expect(200);
    clock.advance(61_000);
  });

  it('kills the code after 5 entries, parallel ones included; a new code works', async () => {
    const { email, userId } = await customer('forgot-tries');
    const otp = await resetCode(email);
    const guesses = await Promise.all(Array.from({ length: 50 }, () => post('reset-password', { email, otp: wrongTo(otp), newPassword: NEW_PASSWORD })));
    expect(guesses.map((r) => r.status)).toEqual(Array(50).fill(400));
    // Each entry claimed a try before being compared: 50 at once used exactly the 5 there are.
    const [row] = (await t.app.get(DataSource).query('SELECT tries FROM password_reset_codes WHERE user_id = $1', [userId])) as { tries: number }[];
    expect(Number(row.tries)).toBe(5);
    // Dead: even the right code is refused now.
    expect((await post('reset-password', { email, otp, newPassword: NEW_PASSWORD }).expect(400)).body).toEqual(INVALID_CODE);
    await post('login', { email, password: OLD_PASSWORD }).expect(200);

    clock.advance(61_000);
    const fresh = await resetCode(email);
    await post('reset-password', { email, otp: fresh, newPassword: NEW_PASSWORD }).expect(200);
    clock.advance(61_000);
  });

  it('lets one of many parallel entries of the right code through', async () => {
    const { email } = await customer('forgot-race');
    const otp = await resetCode(email);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => post('reset-password', { email, otp, newPassword: `parallel secret ${i}` })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    const winner = answers.findIndex((r) => r.status === 200);
    await post('login', { email, password: `parallel secret ${winner}` }).expect(200);
    clock.advance(61_000);
  });

  it('refuses a code older than 10 minutes, and a new code replaces the old one', async () => {
    const { email } = await customer('forgot-expiry');
    const first = await resetCode(email);
    clock.advance(10 * 60_000 + 1_000);
    expect((await post('reset-password', { email, otp: first, newPassword: NEW_PASSWORD }).expect(400)).body).toEqual(INVALID_CODE);
    const second = await resetCode(email);
    if (first !== second) await post('reset-password', { email, otp: first, newPassword: NEW_PASSWORD }).expect(400);
    await post('reset-password', { email, otp: second, newPassword: NEW_PASSWORD }).expect(200);
    clock.advance(61_000);
  });

  it('answers an unknown address as a wrong code', async () => {
    expect((await post('reset-password', { email: 'ghost@example.com', otp: '123456', newPassword: NEW_PASSWORD }).expect(400)).body).toEqual(INVALID_CODE);
  });

  it('gives an account without a password one, and records that the code proved the address', async () => {
    // As a Google-made account (no password) from before address proofs were recorded.
    const { email } = await customer('forgot-proof');
    const db = t.app.get(DataSource);
    await db.query('UPDATE users SET password_hash = NULL, email_verified_at = NULL WHERE email = $1', [email]);
    await post('login', { email, password: OLD_PASSWORD }).expect(401);
    const otp = await resetCode(email);
    await post('reset-password', { email, otp, newPassword: NEW_PASSWORD }).expect(200);
    await post('login', { email, password: NEW_PASSWORD }).expect(200);
    const rows = (await db.query('SELECT email_verified_at FROM users WHERE email = $1', [email])) as { email_verified_at: Date | null }[];
    expect(rows[0].email_verified_at).not.toBeNull();
    clock.advance(61_000);
  });

  it.each([
    ['forgot-password', {}, 'email is required'],
    ['forgot-password', { email: 'not-an-address' }, 'email must be a valid e-mail address'],
    ['forgot-password', { email: ['a@example.com'] }, 'email must be text'],
    ['reset-password', { otp: '123456', newPassword: NEW_PASSWORD }, 'email is required'],
    ['reset-password', { email: 'a@example.com', newPassword: NEW_PASSWORD }, 'otp is required'],
    ['reset-password', { email: 'a@example.com', otp: '12345', newPassword: NEW_PASSWORD }, 'otp must be 6 digits'],
    ['reset-password', { email: 'a@example.com', otp: 123456, newPassword: NEW_PASSWORD }, 'otp must be 6 digits'],
    ['reset-password', { email: 'a@example.com', otp: '123456' }, 'newPassword is required'],
    ['reset-password', { email: 'a@example.com', otp: '123456', newPassword: 'short' }, 'newPassword must be at least 8 characters long'],
    ['reset-password', { email: 'a@example.com', otp: '123456', newPassword: 'x'.repeat(129) }, 'newPassword must be at most 128 characters'],
  ])('POST /api/user/%s answers 400 for %j', async (path, body, message) => {
    expect((await post(path, body).expect(400)).body).toEqual({ success: false, message, error: 'invalid' });
  });
});

/**
 * The limits of both routes. Real: the whole app, the in-process queue and outbox, the in-memory
 * throttler and account counters. Fake: nothing.
 */
describe('identity API: password reset rate limits', () => {
  let t: TestApp;
  const post = (path: string, body: object) => request(t.app.getHttpServer()).post(`/api/user/${path}`).send(body);

  beforeAll(async () => {
    t = await createTestApp({
      env: { REDIS_URL: '', RATE_LIMIT_OTP_PER_ADDRESS: '2', RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3' },
    });
  });

  afterAll(() => t?.close());

  it('limits reset codes per address, the same for a known and an unknown one', async () => {
    const known = await signUpCustomer(t, 'limit-known');
    for (const email of [known.email, 'ghost-limit@example.com']) {
      for (let i = 0; i < 2; i++) await post('forgot-password', { email }).expect(200);
      const refused = await post('forgot-password', { email }).expect(429);
      expect(refused.body).toMatchObject({ success: false, error: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('limits code guesses per account, whichever client address they come from', async () => {
    const email = 'guessed@example.com';
    // 3 go ahead at once; the 4th goes ahead too and sets a wait, which refuses the 5th.
    for (let i = 0; i < 4; i++) await post('reset-password', { email, otp: '123456', newPassword: NEW_PASSWORD }).expect(400);
    const refused = await post('reset-password', { email: email.toUpperCase(), otp: '123456', newPassword: NEW_PASSWORD }).expect(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in \d+ (minutes?|seconds?)\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is counted apart.
    await post('reset-password', { email: 'other@example.com', otp: '123456', newPassword: NEW_PASSWORD }).expect(400);
  });
});

import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { adminToken } from '../support/admin-session';
import { Clock } from '../../src/platform/time/clock';
import { GoogleCertificates } from '../../src/modules/identity/adapters/google/google-certificates';
import { ACCOUNT_EXISTS_SUBJECT, OTP_MAIL_SUBJECT } from '../../src/modules/identity/application/otp-mail';
import { PasswordHasher } from '../../src/platform/security/password-hasher';
import { createTestApp, type TestApp } from '../support/app';
import { codeIn, FakeClock, FakeGoogleCertificates, signJwt, waitForMail } from './support';

/**
 * The identity API over HTTP: /api/user/* and /api/country/getall.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the queue (BullMQ on
 * Redis with REDIS_URL, else in-process) and the mail outbox on disk, the rate limiter.
 * Fake: the clock (moved by hand) and Google's certificate endpoint (a local RSA key).
 */
const CLIENT_ID = 'test-client.apps.googleusercontent.com';

describe('identity API', () => {
  let t: TestApp;
  const clock = new FakeClock();
  const google = new FakeGoogleCertificates();
  const http = () => request(t.app.getHttpServer());
  const post = (path: string, body: object, token?: string) => {
    const req = http().post(`/api/user/${path}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body);
  };
  let mailSeq = 0;
  const newEmail = (label: string) => `${label}-${++mailSeq}-${randomUUID().slice(0, 6)}@example.com`;
  const mailCount = new Map<string, number>();

  /** Asks for a code and reads it from the outbox. */
  async function requestCode(email: string): Promise<string> {
    await post('request-otp', { email }).expect(200);
    const count = (mailCount.get(email) ?? 0) + 1;
    mailCount.set(email, count);
    return codeIn(await waitForMail(t.dataDir, email, count));
  }

  async function registerUser(email: string, password = 'correct horse battery', extra: object = {}) {
    const otp = await requestCode(email);
    await post('verify-otp', { email, otp }).expect(200);
    const res = await post('register', { email, otp, password, name: 'Test Creator', phone: '+1 555 010 0199', ...extra }).expect(201);
    return res.body.userId as string;
  }

  async function loginAs(email: string, password = 'correct horse battery') {
    const res = await post('login', { email, password }).expect(200);
    return { token: res.body.token as string, userId: res.body.userId as string };
  }

  function googleToken(claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) {
    const now = Math.floor(Date.now() / 1000);
    return signJwt(
      { alg: 'RS256', typ: 'JWT', kid: google.kid, ...header },
      {
        iss: 'https://accounts.google.com',
        aud: CLIENT_ID,
        sub: 'google-sub-1',
        email: 'g.user@gmail.com',
        email_verified: true,
        name: 'Gina Google',
        iat: now,
        exp: now + 3600,
        ...claims,
      },
      { rsa: google.keys.privateKey },
    );
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        RATE_LIMIT_OTP_PER_ADDRESS: '1000',
        RATE_LIMIT_OTP_PER_ADDRESS_ALL_CLIENTS: '1000',
        RATE_LIMIT_OTP_PER_IP: '1000',
        RATE_LIMIT_SIGN_IN_PER_IP: '1000',
      },
      overrides: [
        { provide: Clock, useValue: clock },
        { provide: GoogleCertificates, useValue: google },
      ],
    });
  });

  afterAll(() => t?.close());

  describe('POST /api/user/request-otp', () => {
    it(`mails a 6-digit code through the queue (${process.env.REDIS_URL ? 'BullMQ on Redis' : 'in-process'}) and says 'OTP sent!'`, async () => {
      const email = newEmail('otp');
      const res = await post('request-otp', { email: `  ${email.toUpperCase()} ` }).expect(200);
      expect(res.body).toEqual({ success: true, message: 'OTP sent!' });
      const mail = await waitForMail(t.dataDir, email);
      expect(mail.subject).toBe(OTP_MAIL_SUBJECT);
      expect(mail.text).toMatch(/\b\d{6}\b/);
      expect(mail.text).toContain('valid for 10 minutes');
      expect(mail.text).toContain('If you did not ask for this code');
      expect(mail.html).toContain(codeIn(mail));
      expect(JSON.stringify(res.body)).not.toContain(codeIn(mail));
    });

    it('refuses a new code within 60 s of the last (429) and sends one after', async () => {
      const email = newEmail('cooldown');
      const first = await requestCode(email);
      clock.advance(15_000);
      const res = await post('request-otp', { email }).expect(429);
      expect(res.body).toEqual({ success: false, message: 'Please wait 45 seconds before requesting a new code.', error: 'otp_cooldown' });
      expect(res.headers['retry-after']).toBe('45');
      clock.advance(46_000);
      const second = await requestCode(email);
      // The old code is replaced by the new one.
      if (first !== second) await post('verify-otp', { email, otp: first }).expect(400);
      await post('verify-otp', { email, otp: second }).expect(200);
    });

    it('answers an address that has an account exactly as a new one (no enumeration), and mails its owner instead of a code', async () => {
      const taken = newEmail('taken');
      await registerUser(taken);
      const fresh = newEmail('fresh');
      const answers = [];
      for (const email of [taken.toUpperCase(), fresh]) answers.push(await post('request-otp', { email }).expect(200));
      expect(answers[0].body).toEqual({ success: true, message: 'OTP sent!' });
      expect(answers[1].body).toEqual(answers[0].body);

      // The owner learns that the address has an account, and how to sign in; no code is in that mail.
      const notice = await waitForMail(t.dataDir, taken, 2);
      expect(notice.subject).toBe(ACCOUNT_EXISTS_SUBJECT);
      expect(notice.text).toContain(`${t.config.publicUrl}/login`);
      expect(notice.text).not.toMatch(/\b\d{6}\b/);
      expect((await waitForMail(t.dataDir, fresh)).subject).toBe(OTP_MAIL_SUBJECT);

      // The next steps answer alike too: the 60 s cooldown, and a guessed code.
      clock.advance(5_000);
      for (const email of [taken, fresh]) {
        expect((await post('request-otp', { email }).expect(429)).body).toEqual({
          success: false,
          message: 'Please wait 55 seconds before requesting a new code.',
          error: 'otp_cooldown',
        });
        expect((await post('verify-otp', { email, otp: '000000' })).body.message).toBe('Invalid OTP. 4 tries left.');
      }
      clock.advance(60_000);
    });

    it.each([
      [{}, 'email is required'],
      [{ email: '' }, 'email is required'],
      [{ email: 'not-an-address' }, 'email must be a valid e-mail address'],
      [{ email: 42 }, 'email must be text'],
    ])('answers 400 for %j', async (body, message) => {
      const res = await post('request-otp', body).expect(400);
      expect(res.body).toEqual({ success: false, message, error: 'invalid' });
    });
  });

  describe('POST /api/user/verify-otp', () => {
    it("accepts the mailed code: 'OTP verified!'", async () => {
      const email = newEmail('verify');
      const otp = await requestCode(email);
      const res = await post('verify-otp', { email, otp }).expect(200);
      expect(res.body).toEqual({ success: true, message: 'OTP verified!' });
      // A double click does not hurt.
      await post('verify-otp', { email, otp }).expect(200);
    });

    it('counts wrong codes and kills the code after 5 wrong tries', async () => {
      const email = newEmail('lock');
      const otp = await requestCode(email);
      const wrong = otp === '000000' ? '111111' : '000000';
      for (const left of [4, 3, 2, 1]) {
        const res = await post('verify-otp', { email, otp: wrong }).expect(400);
        expect(res.body).toEqual({ success: false, message: `Invalid OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`, error: 'otp_invalid' });
      }
      const fifth = await post('verify-otp', { email, otp: wrong }).expect(429);
      expect(fifth.body).toEqual({ success: false, message: 'Too many wrong codes. Please request a new code.', error: 'otp_locked' });
      // A new code may be requested once the 60 s since the last one have passed.
      expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(fifth.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Dead: even the right code is refused now.
      await post('verify-otp', { email, otp }).expect(429);
      // A new code (after the cooldown) works.
      clock.advance(61_000);
      const fresh = await requestCode(email);
      await post('verify-otp', { email, otp: fresh }).expect(200);
    });

    it('refuses a code older than 10 minutes', async () => {
      const email = newEmail('expiry');
      const otp = await requestCode(email);
      clock.advance(10 * 60_000 + 1_000);
      const res = await post('verify-otp', { email, otp }).expect(400);
      expect(res.body).toEqual({ success: false, message: 'This code has expired. Please request a new one.', error: 'otp_expired' });
    });

    it('refuses a code for an address that asked for none', async () => {
      const res = await post('verify-otp', { email: newEmail('none'), otp: '123456' }).expect(400);
      expect(res.body).toEqual({ success: false, message: 'Invalid OTP. Please request a new code.', error: 'otp_invalid' });
    });

    it.each([
      [{ email: 'a@example.com' }, 'otp is required'],
      [{ email: 'a@example.com', otp: '12ab56' }, 'otp must be 6 digits'],
      [{ email: 'a@example.com', otp: '1234567' }, 'otp must be 6 digits'],
      [{ email: 'a@example.com', otp: 123456 }, 'otp must be 6 digits'],
    ])('answers 400 for %j', async (body, message) => {
      const res = await post('verify-otp', body).expect(400);
      expect(res.body.message).toBe(message);
    });
  });

  describe('POST /api/user/register', () => {
    it("creates the account of a verified address: 201 'Registration successful!' and its userId", async () => {
      const email = newEmail('register');
      const countries = (await http().get('/api/country/getall').expect(200)).body.data;
      const india = countries.find((c: { countryCode: string }) => c.countryCode === 'IN');
      const us = countries[0];
      const otp = await requestCode(email);
      await post('verify-otp', { email, otp }).expect(200);
      const res = await post('register', {
        email,
        otp,
        password: 'correct horse battery',
        name: '  Ada Lovelace ',
        phone: '98765 43210',
        countryId: india._id,
        callingId: us._id,
        address: '',
        gender: 1,
      }).expect(201);
      expect(Object.keys(res.body)).toEqual(['success', 'message', 'userId']);
      expect(res.body).toMatchObject({ success: true, message: 'Registration successful!' });
      const login = await post('login', { email, password: 'correct horse battery' }).expect(200);
      expect(login.body.userId).toBe(res.body.userId);
      expect(login.body.user).toMatchObject({ name: 'Ada Lovelace', phone: '98765 43210', countryId: india._id, callingId: us._id, gender: 1 });
    });

    it('refuses an address that was never verified (403)', async () => {
      const res = await post('register', { email: newEmail('unverified'), otp: '123456', password: 'correct horse battery', name: 'X', phone: '5550100' }).expect(403);
      expect(res.body).toMatchObject({ success: false, error: 'email_not_verified' });
      expect(res.body.message).toMatch(/verify your email/);
    });

    it('refuses an address whose code was only requested, or verified more than 30 minutes ago', async () => {
      const email = newEmail('stale');
      const otp = await requestCode(email);
      const body = { email, otp, password: 'correct horse battery', name: 'X', phone: '5550100' };
      await post('register', body).expect(403);
      await post('verify-otp', { email, otp }).expect(200);
      clock.advance(31 * 60_000);
      await post('register', body).expect(403);
    });

    const NOT_VERIFIED = {
      success: false,
      message: 'This code does not match a verified address. Please verify your email again.',
      error: 'email_not_verified',
    };

    it('counts wrong codes against the same 5 tries as verify-otp: after 5 the right code is refused too, with one message for every refusal', async () => {
      const email = newEmail('guess');
      const otp = await requestCode(email);
      await post('verify-otp', { email, otp }).expect(200);
      const body = { email, password: 'attacker password', name: 'Squatter', phone: '5550100' };
      const wrong = otp === '000000' ? '111111' : '000000';
      const refusals: object[] = [];
      for (let i = 0; i < 5; i++) refusals.push((await post('register', { ...body, otp: wrong }).expect(403)).body);
      // The code is burned: its owner must verify again.
      refusals.push((await post('register', { ...body, otp }).expect(403)).body);
      await post('login', { email, password: 'attacker password' }).expect(401);
      for (const refusal of refusals) expect(refusal).toEqual(NOT_VERIFIED);
      // An address that was never verified, or only asked for a code, gets the very same answer.
      expect((await post('register', { ...body, email: newEmail('never'), otp }).expect(403)).body).toEqual(NOT_VERIFIED);
      const pending = newEmail('pending');
      const pendingCode = await requestCode(pending);
      expect((await post('register', { ...body, email: pending, otp: pendingCode }).expect(403)).body).toEqual(NOT_VERIFIED);
    });

    it('spends no try on a right code: 4 wrong codes and the right one at verify-otp, then register with it', async () => {
      const email = newEmail('fifth');
      const otp = await requestCode(email);
      const wrong = otp === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) await post('verify-otp', { email, otp: wrong }).expect(400);
      await post('verify-otp', { email, otp }).expect(200);
      await post('register', { email, otp, password: 'correct horse battery', name: 'X', phone: '5550100' }).expect(201);
    });

    it('refuses a verified address with a different code than the verified one', async () => {
      const email = newEmail('othercode');
      const otp = await requestCode(email);
      await post('verify-otp', { email, otp }).expect(200);
      const other = otp === '000000' ? '111111' : '000000';
      await post('register', { email, otp: other, password: 'correct horse battery', name: 'X', phone: '5550100' }).expect(403);
    });

    it('answers 409 for an address registered meanwhile (here by Google sign-in)', async () => {
      const email = newEmail('dup');
      const otp = await requestCode(email);
      await post('verify-otp', { email, otp }).expect(200);
      await post('google', { idToken: googleToken({ sub: `sub-${email}`, email }) }).expect(200);
      const res = await post('register', { email, otp, password: 'correct horse battery', name: 'X', phone: '5550100' }).expect(409);
      expect(res.body).toEqual({ success: false, message: 'This email is already registered.', error: 'email_taken' });
    });

    it.each([
      [{ otp: undefined }, 'otp is required'],
      [{ otp: '12ab56' }, 'otp must be 6 digits'],
      [{ password: 'short' }, 'password must be at least 8 characters long'],
      [{ password: undefined }, 'password is required'],
      [{ name: '   ' }, 'name is required'],
      [{ phone: undefined }, 'phone is required'],
      [{ phone: 'call me' }, 'phone must be a phone number (digits, spaces, + - ( ) allowed)'],
      [{ gender: 3 }, 'gender must be 0 (male), 1 (female) or 2 (other)'],
      [{ countryId: 'US' }, 'countryId must be a country _id from /country/getall'],
    ])('answers 400 for %j', async (change, message) => {
      const body = { email: 'someone@example.com', otp: '123456', password: 'correct horse battery', name: 'X', phone: '5550100', ...change };
      const res = await post('register', body).expect(400);
      expect(res.body).toEqual({ success: false, message, error: 'invalid' });
    });

    it('answers 400 for a country id that is no country', async () => {
      const email = newEmail('nocountry');
      const otp = await requestCode(email);
      await post('verify-otp', { email, otp }).expect(200);
      const res = await post('register', { email, otp, password: 'correct horse battery', name: 'X', phone: '5550100', countryId: randomUUID() }).expect(400);
      expect(res.body.message).toBe('countryId is not a known country');
    });
  });

  describe('POST /api/user/login', () => {
    let email: string;
    let userId: string;

    beforeAll(async () => {
      email = newEmail('login');
      userId = await registerUser(email);
    });

    it('returns a customer token, the userId and the user', async () => {
      const res = await post('login', { email: email.toUpperCase(), password: 'correct horse battery' }).expect(200);
      expect(Object.keys(res.body)).toEqual(['success', 'message', 'token', 'userId', 'user']);
      expect(res.body).toMatchObject({ success: true, message: 'Login successful!', userId });
      expect(Object.keys(res.body.user)).toEqual(['name', 'email', 'phone', 'countryId', 'callingId', 'gender', 'createdAt']);
      expect(res.body.user).toMatchObject({ name: 'Test Creator', email, phone: '+1 555 010 0199', countryId: null, callingId: null, gender: null });
      expect(new Date(res.body.user.createdAt).toISOString()).toBe(res.body.user.createdAt);
      const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ sub: userId, role: 'customer' });
      expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
      expect(JSON.parse(Buffer.from(res.body.token.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
    });

    it("says only 'Invalid email or password.' for a wrong password and for an unknown address", async () => {
      const wrong = await post('login', { email, password: 'not the password' }).expect(401);
      const unknown = await post('login', { email: newEmail('ghost'), password: 'not the password' }).expect(401);
      expect(wrong.body).toEqual({ success: false, message: 'Invalid email or password.', error: 'invalid_credentials' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('refuses password sign-in to an account made by Google (it has no password)', async () => {
      await post('google', { idToken: googleToken({ sub: 'sub-nopass', email: 'nopass@gmail.com' }) }).expect(200);
      await post('login', { email: 'nopass@gmail.com', password: 'anything at all' }).expect(401);
    });

    it.each([
      [{ email: 'someone@example.com' }, 'password is required'],
      [{ password: 'x' }, 'email is required'],
    ])('answers 400 for %j', async (body, message) => {
      const res = await post('login', body).expect(400);
      expect(res.body.message).toBe(message);
    });
  });

  describe('POST /api/user/google', () => {
    it('creates the account on the first sign-in and signs the same account in later', async () => {
      const first = await post('google', { idToken: googleToken() }).expect(200);
      expect(first.body).toMatchObject({ success: true, message: 'Logged in with Google!' });
      expect(first.body.user).toMatchObject({ name: 'Gina Google', email: 'g.user@gmail.com', phone: '' });
      const claims = JSON.parse(Buffer.from(first.body.token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ sub: first.body.userId, role: 'customer' });

      const second = await post('google', { idToken: googleToken({ name: 'Renamed At Google' }) }).expect(200);
      expect(second.body.userId).toBe(first.body.userId);
      expect(second.body.user.name).toBe('Gina Google');
      await post('getById', { userId: second.body.userId }, second.body.token).expect(200);
    });

    it("names an account without a Google name after the address's local part", async () => {
      const res = await post('google', { idToken: googleToken({ sub: 'sub-noname', email: 'local.part@gmail.com', name: undefined }) }).expect(200);
      expect(res.body.user.name).toBe('local.part');
    });

    it('signs an existing password account in by its verified Google address', async () => {
      const email = newEmail('link');
      const userId = await registerUser(email);
      const session = await loginAs(email);
      const res = await post('google', { idToken: googleToken({ sub: `sub-${email}`, email }) }).expect(200);
      expect(res.body.userId).toBe(userId);
      // The password was set when the OTP proved the address: it stays, and so do the sessions.
      await post('login', { email, password: 'correct horse battery' }).expect(200);
      await post('getById', { userId }, session.token).expect(200);
    });

    /** An account whose password was set before anyone proved the address (a row from before registration counted its tries). */
    async function unprovenAccount(email: string, password: string, googleId: string | null = null): Promise<string> {
      const passwordHash = await t.app.get(PasswordHasher).hash(password);
      const [row] = (await t.app
        .get(DataSource)
        .query(`INSERT INTO users (email, name, phone, password_hash, google_id) VALUES ($1, 'Squatter', '', $2, $3) RETURNING user_id`, [
          email,
          passwordHash,
          googleId,
        ])) as Array<{ user_id: string }>;
      return row.user_id;
    }

    it('takes the password from an account whose password predates the proof of its address, and ends its sessions', async () => {
      const email = newEmail('squatted');
      const userId = await unprovenAccount(email, 'attacker password');
      const squatter = await loginAs(email, 'attacker password');
      await post('getById', { userId }, squatter.token).expect(200);

      const owner = await post('google', { idToken: googleToken({ sub: `sub-${email}`, email }) }).expect(200);
      expect(owner.body.userId).toBe(userId);
      await post('login', { email, password: 'attacker password' }).expect(401);
      await post('getById', { userId }, squatter.token).expect(401);
      await post('getById', { userId }, owner.body.token).expect(200);
      // Proven now: the next Google sign-in changes nothing.
      const again = await post('google', { idToken: googleToken({ sub: `sub-${email}`, email }) }).expect(200);
      await post('getById', { userId }, owner.body.token).expect(200);
      await post('getById', { userId }, again.body.token).expect(200);
    });

    it('also for an account linked to Google before the proof was recorded', async () => {
      const email = newEmail('linked-early');
      const userId = await unprovenAccount(email, 'attacker password', `sub-${email}`);
      const squatter = await loginAs(email, 'attacker password');
      const owner = await post('google', { idToken: googleToken({ sub: `sub-${email}`, email }) }).expect(200);
      expect(owner.body.userId).toBe(userId);
      await post('login', { email, password: 'attacker password' }).expect(401);
      await post('getById', { userId }, squatter.token).expect(401);
    });

    const now = () => Math.floor(Date.now() / 1000);
    it.each([
      [
        'HS256 signed with the public key',
        () =>
          signJwt(
            { alg: 'HS256', typ: 'JWT', kid: google.kid },
            { iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: 'x', email: 'x@gmail.com', email_verified: true, exp: now() + 3600 },
            { hmac: google.publicPem },
          ),
      ],
      [
        'alg none',
        () =>
          signJwt(
            { alg: 'none', typ: 'JWT', kid: google.kid },
            { iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: 'x', email: 'x@gmail.com', email_verified: true, exp: now() + 3600 },
          ),
      ],
      ['a wrong audience', () => googleToken({ aud: 'someone-else.apps.googleusercontent.com' })],
      ['a wrong issuer', () => googleToken({ iss: 'https://evil.example.com' })],
      ['an expired token', () => googleToken({ iat: now() - 7200, exp: now() - 3600 })],
      ['an unknown key id', () => googleToken({}, { kid: 'unknown-kid' })],
      ['no key id', () => googleToken({}, { kid: undefined })],
      ['no expiry', () => googleToken({ exp: undefined })],
      ['an unverified address', () => googleToken({ email_verified: false })],
      [
        'a tampered payload',
        () => {
          const [h, , s] = googleToken().split('.');
          return `${h}.${Buffer.from(JSON.stringify({ sub: 'google-sub-1', aud: CLIENT_ID, iss: 'accounts.google.com', email: 'g.user@gmail.com', email_verified: true, exp: now() + 3600 })).toString('base64url')}.${s}`;
        },
      ],
      ['garbage', () => 'not-a-jwt'],
    ])("refuses %s: 401 'Google sign-in failed.'", async (_case, token) => {
      const res = await post('google', { idToken: token() }).expect(401);
      expect(res.body).toEqual({ success: false, message: 'Google sign-in failed.', error: 'google_sign_in_failed' });
    });

    it('answers 400 without an idToken', async () => {
      const res = await post('google', {}).expect(400);
      expect(res.body.message).toBe('idToken is required');
    });
  });

  describe('POST /api/user/getById and /api/user/update', () => {
    let email: string;
    let me: { token: string; userId: string };
    let other: { token: string; userId: string };

    beforeAll(async () => {
      email = newEmail('profile');
      const countries = (await http().get('/api/country/getall').expect(200)).body.data;
      const india = countries.find((c: { countryCode: string }) => c.countryCode === 'IN');
      await registerUser(email, 'correct horse battery', { countryId: india._id, gender: 2 });
      me = await loginAs(email);
      const otherEmail = newEmail('other');
      await registerUser(otherEmail);
      other = await loginAs(otherEmail);
    });

    it('returns the own profile with country name and zero counters', async () => {
      const res = await post('getById', { userId: me.userId }, me.token).expect(200);
      expect(Object.keys(res.body)).toEqual(['success', 'data', 'subscriptions']);
      expect(Object.keys(res.body.data)).toEqual(['userId', 'name', 'email', 'phone', 'country', 'countryId', 'callingId', 'gender', 'createdAt']);
      expect(res.body.data).toMatchObject({ userId: me.userId, name: 'Test Creator', email, country: 'India', gender: 2, callingId: null });
      expect(res.body.subscriptions).toEqual({ total: 0, active: 0, completed: 0 });
      expect(res.text).not.toMatch(/hash|scrypt/i);
    });

    it('counts the subscriptions table (a real query)', async () => {
      const dataSource = t.app.get(DataSource);
      const insert = (status: number, orderId: string) =>
        dataSource.query(
          `INSERT INTO subscriptions (user_id, plan_name, profile_link, order_id, payment_id, status, pricing) VALUES ($1, 'YouTube', 'https://youtube.com/@me', $2, 'pay', $3, '{"name":"Starter","price":"19.99"}')`,
          [me.userId, orderId, status],
        );
      await insert(0, `order-${randomUUID()}`);
      await insert(0, `order-${randomUUID()}`);
      await insert(1, `order-${randomUUID()}`);
      const res = await post('getById', { userId: me.userId }, me.token).expect(200);
      expect(res.body.subscriptions).toEqual({ total: 3, active: 2, completed: 1 });
      const theirs = await post('getById', { userId: other.userId }, other.token).expect(200);
      expect(theirs.body.subscriptions).toEqual({ total: 0, active: 0, completed: 0 });
    });

    it("refuses another customer's userId with 403", async () => {
      const res = await post('getById', { userId: other.userId }, me.token).expect(403);
      expect(res.body).toEqual({ success: false, message: 'You can only access your own account.', error: 'not_your_account' });
      await post('update', { userId: other.userId, name: 'Hijack', phone: '5550100' }, me.token).expect(403);
    });

    it('lets an admin token read any profile, and answers 404 for an unknown user', async () => {
      const { token: admin } = await adminToken(t);
      await post('getById', { userId: other.userId }, admin).expect(200);
      const res = await post('getById', { userId: randomUUID() }, admin).expect(404);
      expect(res.body).toEqual({ success: false, message: 'User not found', error: 'user_not_found' });
    });

    it.each([
      ['no token', undefined, 'not_signed_in'],
      ['a malformed token', 'abc.def.ghi', 'invalid_token'],
      [
        'a token signed with another secret',
        signJwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'x', role: 'customer', exp: Math.floor(Date.now() / 1000) + 60 }, { hmac: 'another-secret-another-secret-another' }),
        'invalid_token',
      ],
      ['an alg none token', signJwt({ alg: 'none', typ: 'JWT' }, { sub: 'x', role: 'customer', exp: Math.floor(Date.now() / 1000) + 60 }), 'invalid_token'],
    ])('answers 401 with %s', async (_case, token, error) => {
      const res = await post('getById', { userId: me.userId }, token).expect(401);
      expect(res.body).toMatchObject({ success: false, error });
      await post('update', { userId: me.userId, name: 'X', phone: '5550100' }, token).expect(401);
    });

    it('answers 401 with an expired token', async () => {
      const expired = signJwt({ alg: 'HS256', typ: 'JWT' }, { sub: me.userId, role: 'customer', exp: Math.floor(Date.now() / 1000) - 10 }, { hmac: t.config.jwtSecret });
      await post('getById', { userId: me.userId }, expired).expect(401);
    });

    it("updates name and phone: 'Profile updated' with the new data", async () => {
      const res = await post('update', { userId: me.userId, name: ' New Name ', phone: '+91 98765 43210' }, me.token).expect(200);
      expect(Object.keys(res.body)).toEqual(['success', 'message', 'data']);
      expect(res.body).toMatchObject({ success: true, message: 'Profile updated' });
      expect(res.body.data).toMatchObject({ userId: me.userId, name: 'New Name', phone: '+91 98765 43210', email, country: 'India' });
      const again = await post('getById', { userId: me.userId }, me.token).expect(200);
      expect(again.body.data.name).toBe('New Name');
    });

    it('updates country, calling code and gender, read back by getById; left out, empty or null they stay as stored', async () => {
      const countries = (await http().get('/api/country/getall').expect(200)).body.data as { _id: string; countryCode: string }[];
      const us = countries.find((c) => c.countryCode === 'US')!;
      const base = { userId: me.userId, name: 'New Name', phone: '5550100' };
      const res = await post('update', { ...base, countryId: us._id, callingId: us._id, gender: 1 }, me.token).expect(200);
      expect(res.body.data).toMatchObject({ countryId: us._id, callingId: us._id, gender: 1, country: 'United States' });
      const read = async () => (await post('getById', { userId: me.userId }, me.token).expect(200)).body.data;
      expect(await read()).toMatchObject({ countryId: us._id, callingId: us._id, gender: 1, country: 'United States' });

      await post('update', base, me.token).expect(200);
      await post('update', { ...base, countryId: '', callingId: '', gender: '' }, me.token).expect(200);
      await post('update', { ...base, countryId: null, callingId: null, gender: null }, me.token).expect(200);
      expect(await read()).toMatchObject({ countryId: us._id, callingId: us._id, gender: 1 });

      // The sign-up form's select sends the digit as text; gender 0 is a value, not "none".
      await post('update', { ...base, gender: '0' }, me.token).expect(200);
      expect((await read()).gender).toBe(0);
    });

    it.each([
      [{ countryId: 'india' }, 'countryId must be a country _id from /country/getall'],
      [{ callingId: randomUUID() }, 'callingId is not a known country'],
      [{ gender: 3 }, 'gender must be 0 (male), 1 (female) or 2 (other)'],
    ])('answers 400 for %j and keeps the stored details', async (change, message) => {
      const before = (await post('getById', { userId: me.userId }, me.token).expect(200)).body.data;
      const res = await post('update', { userId: me.userId, name: 'N', phone: '5550100', ...change }, me.token).expect(400);
      expect(res.body.message).toBe(message);
      const after = (await post('getById', { userId: me.userId }, me.token).expect(200)).body.data;
      expect(after).toMatchObject({ name: before.name, countryId: before.countryId, callingId: before.callingId, gender: before.gender });
    });

    it.each([
      [{ name: '' }, 'name is required'],
      [{ phone: undefined }, 'phone is required'],
      [{ newPassword: 'short', oldPassword: 'correct horse battery' }, 'newPassword must be at least 8 characters long'],
    ])('answers 400 for %j', async (change, message) => {
      const res = await post('update', { userId: me.userId, name: 'N', phone: '5550100', ...change }, me.token).expect(400);
      expect(res.body.message).toBe(message);
    });

    it('changes the password only with the correct old one', async () => {
      const base = { userId: me.userId, name: 'New Name', phone: '5550100' };
      const missing = await post('update', { ...base, newPassword: 'brand new password' }, me.token).expect(400);
      expect(missing.body.message).toBe('Old password is required to set a new password.');
      const wrong = await post('update', { ...base, oldPassword: 'not my password', newPassword: 'brand new password' }, me.token).expect(400);
      expect(wrong.body).toEqual({ success: false, message: 'Old password is incorrect.', error: 'old_password_incorrect' });
      await post('login', { email, password: 'brand new password' }).expect(401);

      await post('update', { ...base, oldPassword: 'correct horse battery', newPassword: 'brand new password' }, me.token).expect(200);
      await post('login', { email, password: 'brand new password' }).expect(200);
      await post('login', { email, password: 'correct horse battery' }).expect(401);
    });
  });

  describe('names with bidi controls (docs/security.md#text-entered-by-customers)', () => {
    const RLO = '\u202e';
    const stored = async (userId: string) => (await t.app.get(DataSource).query('SELECT name FROM users WHERE user_id = $1', [userId]))[0].name as string;
    /** What staff's clients list shows of this customer, found by its address. */
    const clientRow = async (admin: string, email: string) =>
      ((await post('getAll', { search: email }, admin).expect(200)).body.data as Array<{ email: string; name: string }>).find((row) => row.email === email);

    it('registers and updates a name typed with U+202E and its kin, kept and shown to staff without them', async () => {
      const email = newEmail('bidi');
      const userId = await registerUser(email, 'correct horse battery', { name: `Ann${RLO} nimda\u202c` });
      expect(await stored(userId)).toBe('Ann nimda');
      const me = await loginAs(email);
      const { token: admin } = await adminToken(t);
      expect(await clientRow(admin, email)).toMatchObject({ name: 'Ann nimda' });

      const res = await post('update', { userId, name: `\u2066Ben\u2069 ${RLO}Buyer\u200f`, phone: '+1 555 010 0199' }, me.token).expect(200);
      expect(res.body.data.name).toBe('Ben Buyer');
      expect(await stored(userId)).toBe('Ben Buyer');
      expect((await post('getById', { userId }, admin).expect(200)).body.data.name).toBe('Ben Buyer');
      expect(await clientRow(admin, email)).toMatchObject({ name: 'Ben Buyer' });
    });

    it('refuses a name that is nothing but bidi controls, as an empty one', async () => {
      const email = newEmail('bidi-only');
      const otp = await requestCode(email);
      await post('verify-otp', { email, otp }).expect(200);
      const res = await post('register', { email, otp, password: 'correct horse battery', name: ` ${RLO}\u202c `, phone: '+1 555 010 0199' }).expect(400);
      expect(res.body).toEqual({ success: false, message: 'name is required', error: 'invalid' });
    });

    it('shows staff a name stored earlier with a bidi control without it, and leaves right-to-left letters alone', async () => {
      const email = newEmail('bidi-stored');
      const userId = await registerUser(email);
      await t.app.get(DataSource).query('UPDATE users SET name = $2 WHERE user_id = $1', [userId, `${RLO}txt.exe Zoë مكتمل`]);
      const { token: admin } = await adminToken(t);
      expect(await clientRow(admin, email)).toMatchObject({ name: 'txt.exe Zoë مكتمل' });
      expect((await post('getById', { userId }, admin).expect(200)).body.data.name).toBe('txt.exe Zoë مكتمل');
    });

    it('keeps a Google name without bidi controls too', async () => {
      const email = `bidi-google-${randomUUID().slice(0, 6)}@gmail.com`;
      const res = await post('google', { idToken: googleToken({ sub: `google-bidi-${randomUUID()}`, email, name: `Gina${RLO} elgooG` }) }).expect(200);
      expect(res.body.user.name).toBe('Gina elgooG');
      expect(await stored(res.body.userId)).toBe('Gina elgooG');
    });
  });

  describe('GET /api/country/getall', () => {
    it('lists every country with flag, name, ISO code and calling code, the United States first', async () => {
      const res = await http().get('/api/country/getall').expect(200);
      expect(res.body.success).toBe(true);
      const data = res.body.data as Array<Record<string, string>>;
      expect(data.length).toBeGreaterThanOrEqual(245);
      expect(Object.keys(data[0])).toEqual(['_id', 'flag', 'countryName', 'countryCode', 'callingCode']);
      expect(data[0]).toMatchObject({ flag: '🇺🇸', countryName: 'United States', countryCode: 'US', callingCode: '+1' });
      expect(data.find((c) => c.countryCode === 'IN')).toMatchObject({ flag: '🇮🇳', countryName: 'India', callingCode: '+91' });
      expect(data.find((c) => c.countryCode === 'GB')).toMatchObject({ callingCode: '+44' });
      for (const country of data) {
        expect(country.callingCode).toMatch(/^\+\d{1,4}$/);
        expect(country.countryCode).toMatch(/^[A-Z]{2}$/);
      }
      expect(new Set(data.map((c) => c.countryCode)).size).toBe(data.length);
      const rest = data.slice(1).map((c) => c.countryName);
      expect(rest).toEqual([...rest].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
    });

    it('answers a repeat with the same bytes and a 304 for a known ETag', async () => {
      const first = await http().get('/api/country/getall').expect(200);
      const again = await http().get('/api/country/getall').expect(200);
      expect(again.text).toBe(first.text);
      await http().get('/api/country/getall').set('If-None-Match', first.headers.etag).expect(304);
    });
  });
});

import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { EMAIL_CHANGE_REQUESTED_SUBJECT, EMAIL_CHANGE_SUBJECT, EMAIL_CHANGED_SUBJECT, PASSWORD_RESET_SUBJECT } from '../../src/modules/admin/application/admin-mails';
import { SessionTokens } from '../../src/platform/auth/session-tokens';
import { DEV_ADMIN } from '../../src/platform/config/app-config';
import { PasswordHasher } from '../../src/platform/security/password-hasher';
import { Clock } from '../../src/platform/time/clock';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer } from '../support/customer-session';
import { codeIn, FakeClock, waitForMail, type OutboxMail } from '../identity/support';

/**
 * The admin account API over HTTP: /api/admin/login, forgot-password, reset-password,
 * update-email/request, update-email/verify, update-password.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the queue (BullMQ on
 * Redis with REDIS_URL, else in-process), the mail outbox on disk, the guard, the rate limiter.
 * Fake: the clock of the codes (moved by hand; tokens keep real time).
 */
describe('admin account API', () => {
  let t: TestApp;
  const clock = new FakeClock();
  const hasher = new PasswordHasher();
  const http = () => request(t.app.getHttpServer());
  const post = (path: string, body: unknown, token?: string) => {
    const req = http().post(`/api/admin/${path}`);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body as object);
  };
  const mailCount = new Map<string, number>();

  /** The next mail to `to` (counting the ones read before). */
  async function nextMail(to: string): Promise<OutboxMail> {
    const count = (mailCount.get(to) ?? 0) + 1;
    mailCount.set(to, count);
    return waitForMail(t.dataDir, to, count);
  }

  /** Mails to `to` in the outbox now. */
  async function mailsTo(to: string): Promise<number> {
    try {
      await waitForMail(t.dataDir, to, (mailCount.get(to) ?? 0) + 1, 300);
      return (mailCount.get(to) ?? 0) + 1;
    } catch {
      return mailCount.get(to) ?? 0;
    }
  }

  /** Another admin account, made directly in the table (there is no "create admin" call). */
  async function addAdmin(label: string, password = 'admin password 1'): Promise<{ adminId: string; email: string; password: string }> {
    const email = `${label}-${randomUUID().slice(0, 8)}@staff.example`;
    const [row] = (await t.app
      .get(DataSource)
      .query('INSERT INTO admins (email, password_hash) VALUES ($1, $2) RETURNING admin_id', [email, await hasher.hash(password)])) as { admin_id: string }[];
    return { adminId: row.admin_id, email, password };
  }

  /** The audit log's rows about one admin account, oldest first. */
  async function auditOf(adminId: string): Promise<Array<{ action: string; actor_id: string; actor_role: string; before: unknown; after: unknown }>> {
    return t.app
      .get(DataSource)
      .query(`SELECT action, actor_id, actor_role, before, after FROM audit_log WHERE entity = 'admin' AND entity_id = $1 ORDER BY created_at`, [adminId]);
  }

  async function logIn(email: string, password: string): Promise<{ token: string; adminId: string }> {
    const res = await post('login', { email, password }).expect(200);
    return { token: res.body.token as string, adminId: res.body.adminId as string };
  }

  /** "Forgot password" to `email`, a new password with the mailed code, and a login with it. */
  async function logInAfterReset(email: string): Promise<{ token: string; adminId: string }> {
    clock.advance(61_000);
    await post('forgot-password', { email }).expect(200);
    const otp = codeIn(await nextMail(email));
    await post('reset-password', { email, otp, newPassword: 'a password of my own' }).expect(200);
    return logIn(email, 'a password of my own');
  }

  /**
   * Whether `token` still opens an admin route: update-password with a wrong old password answers
   * 400 past the guard, and 401 when the guard refuses the token.
   */
  function probe(token: string, adminId: string) {
    return post('update-password', { adminId, oldPassword: 'not the password', newPassword: 'whatever long' }, token);
  }

  beforeAll(async () => {
    t = await createTestApp({
      // The limits have specs of their own (below, and test/platform/sign-in-per-account.e2e-spec.ts).
      env: {
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

  describe('POST /api/admin/login', () => {
    it('logs the seeded admin in: token (role admin, 12 h), adminId, expiresAt; the token opens admin routes', async () => {
      const before = Date.now();
      const res = await post('login', { email: ` ${DEV_ADMIN.email.toUpperCase()} `, password: DEV_ADMIN.password }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['adminId', 'expiresAt', 'message', 'success', 'token']);
      expect(res.body).toMatchObject({ success: true, message: 'Login successful' });
      const [admin] = await t.app.get(DataSource).query('SELECT admin_id FROM admins WHERE email = $1', [DEV_ADMIN.email]);
      expect(res.body.adminId).toBe(admin.admin_id);
      const payload = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
      expect(payload).toMatchObject({ sub: admin.admin_id, role: 'admin', aud: 'growth-storefront:admin' });
      expect(res.body.expiresAt).toBe(new Date((payload.exp as number) * 1000).toISOString());
      expect(Date.parse(res.body.expiresAt) - before).toBeGreaterThan(12 * 3600_000 - 5_000);
      expect(Date.parse(res.body.expiresAt) - before).toBeLessThanOrEqual(12 * 3600_000 + 1_000);

      const opened = await probe(res.body.token, res.body.adminId).expect(400);
      expect(opened.body).toEqual({ success: false, message: 'Old password is incorrect.', error: 'old_password_incorrect' });
    });

    it('answers a wrong password and an unknown address with the same 401', async () => {
      const wrong = await post('login', { email: DEV_ADMIN.email, password: 'not the password' }).expect(401);
      const unknown = await post('login', { email: 'nobody@staff.example', password: DEV_ADMIN.password }).expect(401);
      expect(wrong.body).toEqual({ success: false, message: 'Invalid email or password.', error: 'invalid_credentials' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('does not take a customer account', async () => {
      const customer = await signUpCustomer(t, 'not-admin', 'customer password 1');
      await post('login', { email: customer.email, password: 'customer password 1' }).expect(401);
    });
  });

  describe('password reset', () => {
    it('answers the same for an admin address and an unknown one; only the admin gets a code', async () => {
      const admin = await addAdmin('forgot');
      const real = await post('forgot-password', { email: admin.email }).expect(200);
      const unknown = await post('forgot-password', { email: 'ghost@staff.example' }).expect(200);
      expect(real.body).toEqual({ success: true, message: 'If this e-mail belongs to an admin, a reset code has been sent.' });
      expect(unknown.body).toEqual(real.body);
      const mail = await nextMail(admin.email);
      expect(mail.subject).toBe(PASSWORD_RESET_SUBJECT);
      expect(mail.text).toContain('valid for 10 minutes');
      expect(JSON.stringify(real.body)).not.toContain(codeIn(mail));
      expect(await mailsTo('ghost@staff.example')).toBe(0);
      // Stored as a hash only.
      const [row] = await t.app.get(DataSource).query('SELECT code_hash FROM admin_codes WHERE admin_id = $1', [admin.adminId]);
      expect(row.code_hash).not.toContain(codeIn(mail));
    });

    it('resets the password with the mailed code; older sessions end and the code works once', async () => {
      const admin = await addAdmin('reset');
      const before = await logIn(admin.email, admin.password);
      await post('forgot-password', { email: admin.email.toUpperCase() }).expect(200);
      const otp = codeIn(await nextMail(admin.email));

      const res = await post('reset-password', { email: admin.email, otp, newPassword: 'brand new password' }).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Password reset. Please log in.' });

      const ended = await probe(before.token, admin.adminId).expect(401);
      expect(ended.body).toMatchObject({ success: false, error: 'session_ended' });
      await post('login', { email: admin.email, password: admin.password }).expect(401);
      const after = await logIn(admin.email, 'brand new password');
      await probe(after.token, admin.adminId).expect(400);

      const again = await post('reset-password', { email: admin.email, otp, newPassword: 'third new password' }).expect(400);
      expect(again.body).toEqual({ success: false, message: 'Invalid or expired code.', error: 'invalid_code' });
      expect(await auditOf(admin.adminId)).toEqual([{ action: 'admin.password.reset', actor_id: admin.adminId, actor_role: 'admin', before: null, after: null }]);
    });

    it('burns the code after 5 wrong entries; a new one comes only after 60 s', async () => {
      const admin = await addAdmin('burn');
      await post('forgot-password', { email: admin.email }).expect(200);
      const otp = codeIn(await nextMail(admin.email));
      const wrong = otp === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await post('reset-password', { email: admin.email, otp: wrong, newPassword: 'brand new password' }).expect(400);
        expect(res.body.message).toBe('Invalid or expired code.');
      }
      await post('reset-password', { email: admin.email, otp, newPassword: 'brand new password' }).expect(400);
      await logIn(admin.email, admin.password);

      // Within 60 s of the last code: the same answer, no new code.
      clock.advance(30_000);
      await post('forgot-password', { email: admin.email }).expect(200);
      expect(await mailsTo(admin.email)).toBe(1);
      clock.advance(30_000);
      await post('forgot-password', { email: admin.email }).expect(200);
      const fresh = codeIn(await nextMail(admin.email));
      await post('reset-password', { email: admin.email, otp: fresh, newPassword: 'brand new password' }).expect(200);
    });

    it('refuses an expired code and a code for an unknown address alike', async () => {
      const admin = await addAdmin('expire');
      await post('forgot-password', { email: admin.email }).expect(200);
      const otp = codeIn(await nextMail(admin.email));
      const unknown = await post('reset-password', { email: 'ghost@staff.example', otp, newPassword: 'brand new password' }).expect(400);
      clock.advance(10 * 60_000);
      const expired = await post('reset-password', { email: admin.email, otp, newPassword: 'brand new password' }).expect(400);
      expect(expired.body).toEqual({ success: false, message: 'Invalid or expired code.', error: 'invalid_code' });
      expect(unknown.body).toEqual(expired.body);
    });
  });

  describe('POST /api/admin/update-password', () => {
    it('changes the password with the right old one and answers a new token; the old token ends', async () => {
      const admin = await addAdmin('password');
      const first = await logIn(admin.email, admin.password);
      const short = await post('update-password', { adminId: admin.adminId, oldPassword: admin.password, newPassword: 'short' }, first.token).expect(400);
      expect(short.body).toEqual({ success: false, message: 'newPassword must be at least 10 characters long', error: 'invalid' });

      const res = await post('update-password', { adminId: admin.adminId, oldPassword: admin.password, newPassword: 'changed password 2' }, first.token).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'message', 'success', 'token']);
      expect(res.body).toMatchObject({ success: true, message: 'Password updated' });

      expect((await probe(first.token, admin.adminId).expect(401)).body.error).toBe('session_ended');
      await probe(res.body.token, admin.adminId).expect(400);
      await post('login', { email: admin.email, password: admin.password }).expect(401);
      await logIn(admin.email, 'changed password 2');
      // One entry, for the change that happened, with no secret in it.
      expect(await auditOf(admin.adminId)).toEqual([{ action: 'admin.password.update', actor_id: admin.adminId, actor_role: 'admin', before: null, after: null }]);
    });
  });

  describe('e-mail change', () => {
    /** The stop link's token (`<adminId>.<secret>`) in a notice to the old address. */
    const stopTokenIn = (mail: OutboxMail) => decodeURIComponent(/stop-email-change=([^\s"&<]+)/.exec(mail.text)![1]);

    it('with the current password: tells the OLD address first (with a stop link), mails the code to the NEW one, switches on verify with a new token; the old address and token end', async () => {
      const admin = await addAdmin('mover');
      const first = await logIn(admin.email, admin.password);
      const newEmail = `moved-${randomUUID().slice(0, 8)}@staff.example`;

      const requested = await post(
        'update-email/request',
        { adminId: admin.adminId, newEmail: ` ${newEmail.toUpperCase()} `, currentPassword: admin.password },
        first.token,
      ).expect(200);
      expect(requested.body).toMatchObject({ success: true });
      const mail = await nextMail(newEmail);
      expect(mail.subject).toBe(EMAIL_CHANGE_SUBJECT);
      // The old address hears of it before anything changes, with a way to stop it.
      const notice = await nextMail(admin.email);
      expect(notice.subject).toBe(EMAIL_CHANGE_REQUESTED_SUBJECT);
      expect(notice.text).toContain(newEmail);
      expect(notice.text).toContain(`${t.config.publicUrl}/admin/login?stop-email-change=`);
      expect(stopTokenIn(notice).startsWith(`${admin.adminId}.`)).toBe(true);
      // Nothing changes before the code comes back.
      await logIn(admin.email, admin.password);

      const wrongCode = codeIn(mail) === '000000' ? '111111' : '000000';
      const wrong = await post('update-email/verify', { adminId: admin.adminId, otp: wrongCode }, first.token).expect(400);
      expect(wrong.body).toEqual({ success: false, message: 'Invalid or expired code.', error: 'invalid_code' });

      const res = await post('update-email/verify', { adminId: admin.adminId, otp: codeIn(mail) }, first.token).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'message', 'success', 'token']);
      expect(res.body).toMatchObject({ success: true, message: 'Email updated' });

      expect((await probe(first.token, admin.adminId).expect(401)).body.error).toBe('session_ended');
      await probe(res.body.token, admin.adminId).expect(400);
      await post('login', { email: admin.email, password: admin.password }).expect(401);
      await logIn(newEmail, admin.password);
      // The old address is told again once it took effect.
      expect((await nextMail(admin.email)).subject).toBe(EMAIL_CHANGED_SUBJECT);
      expect(await auditOf(admin.adminId)).toEqual([
        { action: 'admin.email.update', actor_id: admin.adminId, actor_role: 'admin', before: { email: admin.email }, after: { email: newEmail } },
      ]);
    });

    it('refuses a stolen token without the current password: nothing is mailed, nothing changes', async () => {
      const admin = await addAdmin('victim');
      const stolen = await logIn(admin.email, admin.password);
      const thief = `thief-${randomUUID().slice(0, 8)}@evil.example`;
      expect((await post('update-email/request', { adminId: admin.adminId, newEmail: thief }, stolen.token).expect(400)).body).toEqual({
        success: false,
        message: 'currentPassword is required',
        error: 'invalid',
      });
      expect((await post('update-email/request', { adminId: admin.adminId, newEmail: thief, currentPassword: 'a guess at it' }, stolen.token).expect(400)).body).toEqual({
        success: false,
        message: 'Current password is incorrect.',
        error: 'current_password_incorrect',
      });
      expect(await mailsTo(thief)).toBe(0);
      expect(await mailsTo(admin.email)).toBe(0);
      await post('update-email/verify', { adminId: admin.adminId, otp: '123456' }, stolen.token).expect(400);
      await logIn(admin.email, admin.password);
      expect(await auditOf(admin.adminId)).toEqual([]);
    });

    it('lets the old address stop a change before it takes effect: code dead, every session ended, password unusable until reset', async () => {
      const admin = await addAdmin('stopper');
      const stolen = await logIn(admin.email, admin.password);
      const thief = `thief-${randomUUID().slice(0, 8)}@evil.example`;
      await post('update-email/request', { adminId: admin.adminId, newEmail: thief, currentPassword: admin.password }, stolen.token).expect(200);
      const code = codeIn(await nextMail(thief));
      const token = stopTokenIn(await nextMail(admin.email));

      expect(
        (
          await http()
            .post('/api/admin/update-email/stop')
            .send({ token: `${admin.adminId}.forged` })
            .expect(400)
        ).body,
      ).toEqual({
        success: false,
        message: 'This link is not valid any more.',
        error: 'invalid_stop_link',
      });
      const stopped = await http().post('/api/admin/update-email/stop').send({ token }).expect(200);
      expect(stopped.body).toEqual({
        success: true,
        message: 'The e-mail change was stopped and every session of the account has ended. Set a new password now with "Forgot password".',
      });
      expect((await probe(stolen.token, admin.adminId).expect(401)).body.error).toBe('session_ended');
      await post('login', { email: admin.email, password: admin.password }).expect(401);
      // The code the thief holds is dead, and the link works once.
      const again = await logInAfterReset(admin.email);
      await post('update-email/verify', { adminId: admin.adminId, otp: code }, again.token).expect(400);
      await http().post('/api/admin/update-email/stop').send({ token }).expect(400);
      expect((await auditOf(admin.adminId)).map((row) => row.action)).toEqual(['admin.email.stop', 'admin.password.reset']);
    });

    it('lets the old address undo a change that took effect, until 72 hours after the request; no second change meanwhile', async () => {
      const admin = await addAdmin('undo');
      const stolen = await logIn(admin.email, admin.password);
      const thief = `thief-${randomUUID().slice(0, 8)}@evil.example`;
      await post('update-email/request', { adminId: admin.adminId, newEmail: thief, currentPassword: admin.password }, stolen.token).expect(200);
      const moved = await post('update-email/verify', { adminId: admin.adminId, otp: codeIn(await nextMail(thief)) }, stolen.token).expect(200);
      const token = stopTokenIn(await nextMail(admin.email));
      expect((await nextMail(admin.email)).subject).toBe(EMAIL_CHANGED_SUBJECT);

      clock.advance(61_000);
      const further = `further-${randomUUID().slice(0, 8)}@evil.example`;
      const refused = await post('update-email/request', { adminId: admin.adminId, newEmail: further, currentPassword: admin.password }, moved.body.token).expect(409);
      expect(refused.body).toMatchObject({ success: false, error: 'email_changed_recently' });

      clock.advance(70 * 60 * 60_000);
      await http().post('/api/admin/update-email/stop').send({ token }).expect(200);
      expect((await probe(moved.body.token, admin.adminId).expect(401)).body.error).toBe('session_ended');
      await post('login', { email: thief, password: admin.password }).expect(401);
      await logInAfterReset(admin.email);
      expect((await auditOf(admin.adminId)).find((row) => row.action === 'admin.email.stop')).toMatchObject({ before: { email: thief }, after: { email: admin.email } });
    });

    it('answers 409 for an address another admin has, and 429 for a second code within 60 s', async () => {
      const admin = await addAdmin('conflict');
      const other = await addAdmin('holder');
      const { token } = await logIn(admin.email, admin.password);
      for (const taken of [other.email, DEV_ADMIN.email.toUpperCase()]) {
        const res = await post('update-email/request', { adminId: admin.adminId, newEmail: taken, currentPassword: admin.password }, token).expect(409);
        expect(res.body).toEqual({ success: false, message: 'This email is already in use.', error: 'email_taken' });
      }
      await post(
        'update-email/request',
        { adminId: admin.adminId, newEmail: `a-${randomUUID().slice(0, 8)}@staff.example`, currentPassword: admin.password },
        token,
      ).expect(200);
      clock.advance(15_000);
      const soon = await post(
        'update-email/request',
        { adminId: admin.adminId, newEmail: `b-${randomUUID().slice(0, 8)}@staff.example`, currentPassword: admin.password },
        token,
      ).expect(429);
      expect(soon.body).toEqual({ success: false, message: 'Please wait 45 seconds before requesting a new code.', error: 'code_cooldown' });
      expect(soon.headers['retry-after']).toBe('45');
    });
  });

  describe('POST /api/admin/logout', () => {
    it("ends this session on the server; the admin's other sessions go on", async () => {
      const admin = await addAdmin('leaver');
      const desk = await logIn(admin.email, admin.password);
      const laptop = await logIn(admin.email, admin.password);
      expect((await post('logout', {}, desk.token).expect(200)).body).toEqual({ success: true, message: 'You are signed out.' });
      expect((await probe(desk.token, admin.adminId).expect(401)).body).toMatchObject({ success: false, error: 'session_ended' });
      expect((await post('logout', {}, desk.token).expect(401)).body.error).toBe('session_ended');
      await probe(laptop.token, admin.adminId).expect(400);
      await probe((await logIn(admin.email, admin.password)).token, admin.adminId).expect(400);
      await post('logout', {}).expect(401);
    });
  });

  describe('who may call', () => {
    const owned = (adminId: string) =>
      [
        ['update-email/request', { adminId, newEmail: 'someone-new@staff.example', currentPassword: 'admin password 1' }],
        ['update-email/verify', { adminId, otp: '123456' }],
        ['update-password', { adminId, oldPassword: 'admin password 1', newPassword: 'changed password 3' }],
      ] as const;

    it('refuses a visitor (401) and a customer token (403) on the settings routes', async () => {
      const customer = await signUpCustomer(t, 'customer-on-admin');
      const admin = await addAdmin('target');
      for (const [path, body] of owned(admin.adminId)) {
        expect((await post(path, body).expect(401)).body).toMatchObject({ success: false, error: 'not_signed_in' });
        expect((await post(path, { ...body, adminId: customer.userId }, customer.token).expect(403)).body).toMatchObject({ success: false, error: 'forbidden' });
      }
    });

    it("refuses another admin's adminId with 403 and changes nothing", async () => {
      const me = await addAdmin('me');
      const other = await addAdmin('other');
      const { token } = await logIn(me.email, me.password);
      for (const [path, body] of owned(other.adminId)) {
        const res = await post(path, body, token).expect(403);
        expect(res.body).toEqual({ success: false, message: 'You can only change your own account.', error: 'not_own_account' });
      }
      await logIn(other.email, other.password);
    });

    it('refuses a made-up admin id in a validly signed token (401)', async () => {
      const forged = await t.app.get(SessionTokens).sign({ id: randomUUID(), role: 'admin' }, 0);
      await probe(forged, randomUUID()).expect(401);
    });
  });

  describe('hostile bodies', () => {
    const NUL = 'a\u0000b';
    const long = 'x'.repeat(5000);
    let admin: { adminId: string; email: string; password: string };
    let token: string;

    beforeAll(async () => {
      admin = await addAdmin('hostile');
      token = (await logIn(admin.email, admin.password)).token;
    });

    const cases = (): Array<[string, unknown, boolean]> => {
      const id = admin.adminId;
      return [
        ['login', {}, false],
        ['login', { email: 42, password: 'x' }, false],
        ['login', { email: ['a@b.c'], password: 'x' }, false],
        ['login', { email: 'a@b.c', password: { $ne: '' } }, false],
        ['login', { email: `ann${NUL}@staff.example`, password: 'x' }, false],
        ['login', { email: 'a@b.c', password: NUL }, false],
        ['login', { email: long, password: long }, false],
        ['login', [], false],
        ['login', 'email=a@b.c', false],
        ['forgot-password', {}, false],
        ['forgot-password', { email: null }, false],
        ['forgot-password', { email: 'not an address' }, false],
        ['forgot-password', { email: `x${NUL}@staff.example` }, false],
        ['forgot-password', { email: { toString: 'x' } }, false],
        ['reset-password', {}, false],
        ['reset-password', { email: admin.email, otp: 123456, newPassword: 'brand new password' }, false],
        ['reset-password', { email: admin.email, otp: '12345a', newPassword: 'brand new password' }, false],
        ['reset-password', { email: admin.email, otp: '123456', newPassword: NUL.repeat(6) }, false],
        ['reset-password', { email: admin.email, otp: '123456', newPassword: long }, false],
        ['reset-password', { email: admin.email, otp: '123456' }, false],
        ['update-email/request', {}, true],
        ['update-email/request', { adminId: id }, true],
        ['update-email/request', { adminId: id, newEmail: 7 }, true],
        ['update-email/request', { adminId: id, newEmail: `x${NUL}@staff.example` }, true],
        ['update-email/request', { adminId: [id], newEmail: 'x@staff.example' }, true],
        ['update-email/request', { adminId: id, newEmail: 'x@staff.example', currentPassword: 5 }, true],
        ['update-email/request', { adminId: id, newEmail: 'x@staff.example', currentPassword: { $ne: '' } }, true],
        ['update-email/request', { adminId: id, newEmail: 'x@staff.example', currentPassword: NUL }, true],
        ['update-email/stop', {}, false],
        ['update-email/stop', { token: 42 }, false],
        ['update-email/stop', { token: [`${id}.x`] }, false],
        ['update-email/stop', { token: `${id}.${NUL}` }, false],
        ['update-email/stop', { token: long }, false],
        ['update-email/verify', { adminId: id }, true],
        ['update-email/verify', { adminId: id, otp: true }, true],
        ['update-email/verify', { adminId: `${id}${NUL}`, otp: '123456' }, true],
        ['update-password', { adminId: id }, true],
        ['update-password', { adminId: id, oldPassword: 1, newPassword: 'brand new password' }, true],
        ['update-password', { adminId: id, oldPassword: admin.password, newPassword: `brand new${NUL}password` }, true],
        ['update-password', { adminId: id, oldPassword: admin.password, newPassword: null }, true],
        ['update-password', { adminId: long, oldPassword: admin.password, newPassword: 'brand new password' }, true],
      ];
    };

    it('answers each with a 400 naming the problem, never a 500', async () => {
      const seen: string[] = [];
      for (const [path, body, signedIn] of cases()) {
        const req = http().post(`/api/admin/${path}`);
        if (signedIn) req.set('Authorization', `Bearer ${token}`);
        const res = typeof body === 'string' ? await req.type('form').send(body) : await req.send(body as object);
        seen.push(`${path} ${JSON.stringify(body).slice(0, 60)} -> ${res.status} ${res.body.message}`);
        expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
        expect(res.body).toMatchObject({ success: false, error: 'invalid' });
        expect(res.body.message).toEqual(expect.any(String));
      }
      // The account is untouched.
      await logIn(admin.email, admin.password);
      expect(seen).toHaveLength(cases().length);
    });

    it('names the field in the message', async () => {
      expect((await post('login', { password: 'x' }).expect(400)).body.message).toBe('email is required');
      expect((await post('forgot-password', { email: 'nope' }).expect(400)).body.message).toBe('email must be a valid e-mail address');
      expect((await post('reset-password', { email: admin.email, otp: '1', newPassword: 'brand new password' }).expect(400)).body.message).toBe('otp must be 6 digits');
      expect((await post('update-email/request', { adminId: admin.adminId, newEmail: 'x', currentPassword: admin.password }, token).expect(400)).body.message).toBe(
        'newEmail must be a valid e-mail address',
      );
      expect((await post('update-password', { adminId: admin.adminId, newPassword: 'brand new password' }, token).expect(400)).body.message).toBe(
        'oldPassword is required',
      );
    });
  });
});

/** The admin routes count against the named limits (own app, low limits). Real: the in-memory throttler. */
describe('admin account API: rate limits', () => {
  let t: TestApp;
  const post = (path: string, body: object) => request(t.app.getHttpServer()).post(`/api/admin/${path}`).send(body);

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: '', RATE_LIMIT_SIGN_IN_PER_IP: '3', RATE_LIMIT_OTP_PER_ADDRESS: '2', RATE_LIMIT_OTP_PER_IP: '1000' } });
  });

  afterAll(() => t?.close());

  it('limits login and reset attempts per client, and reset codes per address', async () => {
    for (let i = 0; i < 3; i++) await post('login', { email: DEV_ADMIN.email, password: 'wrong password' }).expect(401);
    const limited = await post('login', { email: DEV_ADMIN.email, password: DEV_ADMIN.password }).expect(429);
    expect(limited.body).toMatchObject({ success: false, error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < 3; i++) await post('reset-password', { email: DEV_ADMIN.email, otp: '123456', newPassword: 'brand new password' }).expect(400);
    await post('reset-password', { email: DEV_ADMIN.email, otp: '123456', newPassword: 'brand new password' }).expect(429);

    // Per address: the same for an admin address and an unknown one.
    for (const email of [DEV_ADMIN.email, 'ghost@staff.example']) {
      for (let i = 0; i < 2; i++) await post('forgot-password', { email }).expect(200);
      await post('forgot-password', { email }).expect(429);
    }
  });
});

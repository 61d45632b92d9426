import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../src/platform/auth/session-tokens';
import { signJwt } from '../identity/support';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';

/**
 * Session tokens over HTTP (docs/configuration.md#accounts-and-sign-in: JWT_SECRET): a signature alone opens nothing. The
 * token must carry exp, iat, iss and the audience of its role, and the guard loads its account: a
 * made-up or deleted account, a password change and "log out everywhere" end it.
 * Real: the whole app and its database. Fake: nothing; forged tokens are signed here with the app's
 * own secret, as an attacker holding a leaked secret would.
 */
describe('Session tokens and the guard', () => {
  let t: TestApp;
  let ann: CustomerSession;
  let bob: CustomerSession;
  const now = () => Math.floor(Date.now() / 1000);
  const forge = (claims: Record<string, unknown>) => signJwt({ alg: 'HS256', typ: 'JWT' }, claims, { hmac: t.config.jwtSecret });
  const getById = (userId: string, token?: string) => {
    const req = request(t.app.getHttpServer()).post('/api/user/getById');
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send({ userId });
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' } });
    [ann, bob] = [await signUpCustomer(t, 'ann'), await signUpCustomer(t, 'bob')];
  });

  afterAll(() => t?.close());

  it('issues tokens with sub, role, ver, iat, exp, iss and the customer audience', async () => {
    const [, payload] = ann.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: ann.userId, role: 'customer', ver: 0, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE.customer });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 60 * 60);
    await getById(ann.userId, ann.token).expect(200);
  });

  it.each([
    ['no exp', { sub: 'ANN', role: 'customer', ver: 0, iat: 0, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE.customer }],
    ['no iat', { sub: 'ANN', role: 'customer', ver: 0, exp: 1, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE.customer }],
    ['no iss', { sub: 'ANN', role: 'customer', ver: 0, iat: 0, exp: 1, aud: TOKEN_AUDIENCE.customer }],
    ['another issuer', { sub: 'ANN', role: 'customer', ver: 0, iat: 0, exp: 1, iss: 'someone-else', aud: TOKEN_AUDIENCE.customer }],
    ['no aud', { sub: 'ANN', role: 'customer', ver: 0, iat: 0, exp: 1, iss: TOKEN_ISSUER }],
    ['role admin on the customer audience', { sub: 'ANN', role: 'admin', ver: 0, iat: 0, exp: 1, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE.customer }],
    ['no ver', { sub: 'ANN', role: 'customer', iat: 0, exp: 1, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE.customer }],
  ])('refuses a token signed with the real secret but with %s', async (_case, template) => {
    const claims: Record<string, unknown> = { ...template, sub: ann.userId, jti: randomUUID() };
    if ('iat' in claims) claims.iat = now();
    if ('exp' in claims) claims.exp = now() + 3600;
    const res = await getById(ann.userId, forge(claims)).expect(401);
    expect(res.body).toMatchObject({ success: false, error: 'invalid_token' });
  });

  it('refuses an admin token for a made-up admin id, even signed with the real secret', async () => {
    const token = forge({ sub: randomUUID(), role: 'admin', ver: 0, jti: randomUUID(), iat: now(), exp: now() + 3600, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE.admin });
    const res = await getById(ann.userId, token).expect(401);
    expect(res.body).toEqual({ success: false, message: 'Your session has ended. Please log in again.', error: 'session_ended' });
    const admin = await adminToken(t);
    await getById(ann.userId, admin.token).expect(200);
  });

  it("ends an admin's tokens when the admin's token version rises or the admin is deleted", async () => {
    const admin = await adminToken(t);
    await t.app.get(DataSource).query('UPDATE admins SET token_version = token_version + 1 WHERE admin_id = $1', [admin.adminId]);
    await getById(ann.userId, admin.token).expect(401);
    await getById(ann.userId, (await adminToken(t)).token).expect(200);
  });

  it('ends every older token of a customer whose password changed, and hands the changer a new one', async () => {
    const other = await signUpCustomer(t, 'cara');
    const secondDevice = other.token;
    const res = await request(t.app.getHttpServer())
      .post('/api/user/update')
      .set('Authorization', `Bearer ${other.token}`)
      .send({ userId: other.userId, name: 'Cara', phone: '+1 555 010 0199', oldPassword: 'correct horse battery', newPassword: 'a brand new password' })
      .expect(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect((await getById(other.userId, secondDevice).expect(401)).body.error).toBe('session_ended');
    await getById(other.userId, res.body.token).expect(200);

    const renamed = await request(t.app.getHttpServer())
      .post('/api/user/update')
      .set('Authorization', `Bearer ${res.body.token}`)
      .send({ userId: other.userId, name: 'Cara C', phone: '+1 555 010 0199' })
      .expect(200);
    expect(renamed.body.token).toBeUndefined();
    await getById(other.userId, res.body.token).expect(200);
  });

  it('logs a customer out everywhere: every token of the account ends, other accounts keep theirs', async () => {
    const me = await signUpCustomer(t, 'dan');
    const laptop = me.token;
    const phone = (await request(t.app.getHttpServer()).post('/api/user/login').send({ email: me.email, password: 'correct horse battery' }).expect(200)).body.token;
    const res = await request(t.app.getHttpServer()).post('/api/user/logout-all').set('Authorization', `Bearer ${phone}`).expect(200);
    expect(res.body).toEqual({ success: true, message: 'You are signed out on every device.' });
    await getById(me.userId, laptop).expect(401);
    await getById(me.userId, phone).expect(401);
    await getById(bob.userId, bob.token).expect(200);
    await request(t.app.getHttpServer()).post('/api/user/logout-all').expect(401);
    const again = (await request(t.app.getHttpServer()).post('/api/user/login').send({ email: me.email, password: 'correct horse battery' }).expect(200)).body.token;
    await getById(me.userId, again).expect(200);
  });

  it('logs a customer out on the server: that token ends, the other devices and other accounts keep theirs', async () => {
    const me = await signUpCustomer(t, 'fay');
    const laptop = me.token;
    const phone = (await request(t.app.getHttpServer()).post('/api/user/login').send({ email: me.email, password: 'correct horse battery' }).expect(200)).body.token;
    const res = await request(t.app.getHttpServer()).post('/api/user/logout').set('Authorization', `Bearer ${laptop}`).expect(200);
    expect(res.body).toEqual({ success: true, message: 'You are signed out.' });
    expect((await getById(me.userId, laptop).expect(401)).body).toEqual({
      success: false,
      message: 'Your session has ended. Please log in again.',
      error: 'session_ended',
    });
    await request(t.app.getHttpServer()).post('/api/user/logout').set('Authorization', `Bearer ${laptop}`).expect(401);
    await getById(me.userId, phone).expect(200);
    await getById(bob.userId, bob.token).expect(200);
    // The token's session id is what ended: its claims are the same as a fresh login's otherwise.
    const [, payload] = (laptop as string).split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a token without a session id (jti): it could not be logged out', async () => {
    const claims = { sub: ann.userId, role: 'customer', ver: 0, iat: now(), exp: now() + 3600, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE.customer };
    expect((await getById(ann.userId, forge(claims)).expect(401)).body.error).toBe('invalid_token');
    await getById(ann.userId, forge({ ...claims, jti: randomUUID() })).expect(200);
  });

  it('ends the tokens of a deleted customer', async () => {
    const gone = await signUpCustomer(t, 'eve');
    await t.app.get(DataSource).query('DELETE FROM users WHERE user_id = $1', [gone.userId]);
    expect((await getById(gone.userId, gone.token).expect(401)).body.error).toBe('session_ended');
  });
});

import { setup, account } from '../../../../test/identity/sign-in.setup';

describe('sign-in and profile use cases', () => {
  it('creates the account on the first Google sign-in and finds it by Google id later', async () => {
    const s = setup();
    const first = await s.googleSignIn.execute('token');
    expect(first.user).toMatchObject({ email: 'gina@gmail.com', name: 'Gina', googleId: 'g-1', passwordHash: null });
    s.google.identity = { ...s.google.identity!, email: 'changed@gmail.com' };
    const second = await s.googleSignIn.execute('token');
    expect(second.user.userId).toBe(first.user.userId);
  });

  it('falls back to the local part, then to "User", for the name', async () => {
    const s = setup();
    s.google.identity = { googleId: 'g-2', email: 'jo.smith@gmail.com', emailVerified: true, name: null };
    expect((await s.googleSignIn.execute('t')).user.name).toBe('jo.smith');
  });

  it('refuses a Google token without a verified address, an unconfigured Google, and a foreign Google id on a linked account', async () => {
    const s = setup();
    s.google.identity = { googleId: 'g-3', email: 'x@gmail.com', emailVerified: false, name: 'X' };
    await expect(s.googleSignIn.execute('t')).rejects.toMatchObject({ kind: 'unauthorized', message: 'Google sign-in failed.' });
    s.google.identity = null;
    await expect(s.googleSignIn.execute('t')).rejects.toMatchObject({ kind: 'unauthorized' });
    await s.users.create(account({ email: 'linked@gmail.com', googleId: 'g-owner' }));
    s.google.identity = { googleId: 'g-intruder', email: 'linked@gmail.com', emailVerified: true, name: 'I' };
    await expect(s.googleSignIn.execute('t')).rejects.toMatchObject({ kind: 'unauthorized' });
    s.google.configured = false;
    await expect(s.googleSignIn.execute('t')).rejects.toMatchObject({ kind: 'unavailable', message: 'Google sign-in is not configured.' });
  });

  it('links Google to a proven password account and keeps its password and sessions', async () => {
    const s = setup();
    const user = await s.users.create(account({ email: 'gina@gmail.com' }));
    const result = await s.googleSignIn.execute('token');
    expect(result.user).toMatchObject({ userId: user.userId, googleId: 'g-1', passwordHash: 'plain$secret password', tokenVersion: 0 });
    expect(result.user.emailVerifiedAt).toEqual(user.emailVerifiedAt);
  });

  it('takes away a password set before the address was proven, ends its sessions and records the proof', async () => {
    const s = setup();
    const user = await s.users.create(account({ email: 'gina@gmail.com', emailVerifiedAt: null }));
    const result = await s.googleSignIn.execute('token');
    expect(result.user).toMatchObject({ userId: user.userId, googleId: 'g-1', passwordHash: null, tokenVersion: 1 });
    expect(result.user.emailVerifiedAt).toEqual(new Date('2026-01-01T10:00:00Z'));
    expect(await s.tokens.verify(result.token)).toMatchObject({ id: user.userId, role: 'customer', version: 1 });
    await expect(s.login.execute('gina@gmail.com', 'secret password')).rejects.toMatchObject({ kind: 'unauthorized' });
    // Proven now: the next sign-in changes nothing.
    expect((await s.googleSignIn.execute('token')).user.tokenVersion).toBe(1);
  });
});

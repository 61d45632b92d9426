import { SessionTokens } from '../../../platform/auth/session-tokens';
import { AppConfig } from '../../../platform/config/app-config';
import { FakeGoogle, FixedSubscriptionCounts, InMemoryCountries, InMemoryUsers, ManualClock, PlainHasher } from '../../../../test/identity/in-memory';
import { RecordingAuditLog } from '../../../../test/admin/in-memory';
import { InlineUnitOfWork } from '../../../../test/support/fakes';
import { GetProfileUseCase } from './get-profile.use-case';
import { GoogleSignInUseCase } from './google-sign-in.use-case';
import { LoginUseCase } from './login.use-case';
import { UpdateProfileUseCase } from './update-profile.use-case';

function setup() {
  const users = new InMemoryUsers();
  const hasher = new PlainHasher();
  const tokens = new SessionTokens({ jwtSecret: 'unit-test-secret-unit-test-secret-00' } as AppConfig);
  const google = new FakeGoogle();
  const countries = new InMemoryCountries();
  const uow = new InlineUnitOfWork();
  const audit = new RecordingAuditLog();
  return {
    uow,
    audit,
    users,
    hasher,
    tokens,
    google,
    countries,
    login: new LoginUseCase(users, hasher, tokens),
    googleSignIn: new GoogleSignInUseCase(google, users, tokens, new ManualClock()),
    getProfile: new GetProfileUseCase(users, countries, new FixedSubscriptionCounts()),
    updateProfile: new UpdateProfileUseCase(users, countries, hasher, tokens, uow, audit),
  };
}

const account = (over: object = {}) => ({
  email: 'ada@example.com',
  name: 'Ada',
  phone: '5550100',
  countryId: null,
  callingId: null,
  address: null,
  gender: null,
  passwordHash: 'plain$secret password',
  googleId: null,
  emailVerifiedAt: new Date('2026-01-01T09:00:00Z'),
  ...over,
});

describe('sign-in and profile use cases', () => {
  it('logs in with a customer token; fails alike for wrong password and unknown address, hashing both times', async () => {
    const s = setup();
    const user = await s.users.create(account());
    const result = await s.login.execute(' ADA@example.com', 'secret password');
    expect(await s.tokens.verify(result.token)).toMatchObject({ id: user.userId, role: 'customer', version: 0 });
    const wrong = s.login.execute('ada@example.com', 'nope');
    await expect(wrong).rejects.toMatchObject({ kind: 'unauthorized', message: 'Invalid email or password.' });
    const before = s.hasher.verifications;
    await expect(s.login.execute('ghost@example.com', 'nope')).rejects.toMatchObject({ kind: 'unauthorized', message: 'Invalid email or password.' });
    expect(s.hasher.verifications).toBe(before + 1);
  });

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

  it("shows the own profile with counts, refuses someone else's unless admin", async () => {
    const s = setup();
    const me = await s.users.create(account({ countryId: s.countries.india.countryId }));
    const other = await s.users.create(account({ email: 'other@example.com' }));
    const profile = await s.getProfile.execute({ id: me.userId, role: 'customer' }, me.userId);
    expect(profile).toMatchObject({ countryName: 'India', subscriptions: { total: 3, active: 2, completed: 1 } });
    await expect(s.getProfile.execute({ id: me.userId, role: 'customer' }, other.userId)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(s.getProfile.execute({ id: 'admin-1', role: 'admin' }, other.userId)).resolves.toBeTruthy();
    await expect(s.getProfile.execute({ id: 'admin-1', role: 'admin' }, 'missing')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('changes the password only with the right old one', async () => {
    const s = setup();
    const me = await s.users.create(account());
    const caller = { id: me.userId, role: 'customer' as const };
    const base = { userId: me.userId, name: ' Ada L ', phone: ' 123 ' };
    await expect(s.updateProfile.execute(caller, { ...base, newPassword: 'new password' })).rejects.toMatchObject({ kind: 'invalid' });
    await expect(s.updateProfile.execute(caller, { ...base, oldPassword: 'wrong', newPassword: 'new password' })).rejects.toMatchObject({
      message: 'Old password is incorrect.',
    });
    const updated = await s.updateProfile.execute(caller, { ...base, oldPassword: 'secret password', newPassword: 'new password' });
    expect(updated.profile.user).toMatchObject({ name: 'Ada L', phone: '123', passwordHash: 'plain$new password', tokenVersion: 1 });
    // The new password ended the old sessions; the caller gets a token of the new version.
    expect(await s.tokens.verify(updated.token as string)).toMatchObject({ id: me.userId, role: 'customer', version: 1 });
    const renamed = await s.updateProfile.execute(caller, { ...base, name: 'Ada' });
    expect(renamed.token).toBeNull();
    expect(renamed.profile.user.tokenVersion).toBe(1);
  });

  it("records an admin's edit of a customer in the audit log, in the edit's unit of work; a customer's own edit is no admin write", async () => {
    const s = setup();
    const me = await s.users.create(account());
    await s.updateProfile.execute({ id: me.userId, role: 'customer' }, { userId: me.userId, name: 'Ada', phone: '5550111' });
    expect(s.audit.records).toEqual([]);

    await s.updateProfile.execute({ id: 'admin-1', role: 'admin' }, { userId: me.userId, name: ' Ada Lovelace ', phone: '5550199' });
    expect(s.audit.records).toEqual([
      expect.objectContaining({
        actorId: 'admin-1',
        actorRole: 'admin',
        action: 'user.update',
        entity: 'user',
        entityId: me.userId,
        before: { name: 'Ada', phone: '5550111' },
        after: { name: 'Ada Lovelace', phone: '5550199' },
      }),
    ]);
    expect(s.uow.runs).toBe(2);
  });
});

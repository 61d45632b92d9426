import { SessionTokens } from '../../../platform/auth/session-tokens';
import { AppConfig } from '../../../platform/config/app-config';
import { InMemoryResetCodes, InMemoryUsers, ManualClock, PlainHasher, RecordingMailer } from '../../../../test/identity/in-memory';
import { InlineUnitOfWork } from '../../../../test/support/fakes';
import { OtpCodes } from './otp-codes';
import { PASSWORD_RESET_SUBJECT } from './otp-mail';
import { RequestPasswordResetUseCase } from './request-password-reset.use-case';
import { INVALID_RESET_CODE_MESSAGE, ResetPasswordUseCase } from './reset-password.use-case';

const config = { jwtSecret: 'unit-test-secret-unit-test-secret-00' } as AppConfig;

async function setup() {
  const users = new InMemoryUsers();
  const resetCodes = new InMemoryResetCodes();
  const codes = new OtpCodes(config);
  const mailer = new RecordingMailer();
  const clock = new ManualClock();
  const hasher = new PlainHasher();
  const tokens = new SessionTokens(config);
  const request = new RequestPasswordResetUseCase(users, resetCodes, codes, mailer, clock);
  const reset = new ResetPasswordUseCase(users, resetCodes, codes, hasher, tokens, new InlineUnitOfWork(), clock);
  const user = await users.create({
    email: 'ada@example.com',
    name: 'Ada',
    phone: '',
    countryId: null,
    callingId: null,
    address: null,
    gender: null,
    passwordHash: 'plain$old password',
    googleId: null,
    emailVerifiedAt: null,
  });
  const lastCode = () => /\b(\d{6})\b/.exec(mailer.sent.at(-1)!.text)![1];
  return { users, resetCodes, codes, mailer, clock, tokens, request, reset, user, lastCode };
}

const INVALID = { kind: 'invalid', message: INVALID_RESET_CODE_MESSAGE };

describe('password reset use cases', () => {
  it('mails a code to the account only, keeps its keyed hash, and stays silent for unknown addresses', async () => {
    const s = await setup();
    await s.request.execute(' ADA@example.com ');
    await s.request.execute('nobody@example.com');
    expect(s.mailer.sent.map((m) => [m.to, m.subject])).toEqual([['ada@example.com', PASSWORD_RESET_SUBJECT]]);
    const stored = (await s.resetCodes.find(s.user.userId))!;
    expect(stored.codeHash).not.toContain(s.lastCode());
    expect(s.codes.matchesReset(s.user.userId, 'ada@example.com', s.lastCode(), stored.codeHash)).toBe(true);
    // A registration code of the same digits is hashed under another key: it never matches.
    expect(stored.codeHash).not.toBe(s.codes.hash('ada@example.com', s.lastCode()));
    expect(stored.expiresAt.getTime() - stored.sentAt.getTime()).toBe(10 * 60_000);
  });

  it('sends no second code within 60 s, and a new one after, which replaces the first', async () => {
    const s = await setup();
    await s.request.execute('ada@example.com');
    const first = s.lastCode();
    s.clock.advance(59_000);
    await s.request.execute('ada@example.com');
    expect(s.mailer.sent).toHaveLength(1);
    s.clock.advance(1_000);
    await s.request.execute('ada@example.com');
    expect(s.mailer.sent).toHaveLength(2);
    const second = s.lastCode();
    if (first !== second) await expect(s.reset.execute({ email: 'ada@example.com', otp: first, newPassword: 'new password' })).rejects.toMatchObject(INVALID);
    await s.reset.execute({ email: 'ada@example.com', otp: second, newPassword: 'new password' });
  });

  it('sets the password, raises the token version, proves the address and answers a session of the new version', async () => {
    const s = await setup();
    await s.request.execute('ada@example.com');
    const result = await s.reset.execute({ email: 'Ada@Example.com', otp: s.lastCode(), newPassword: 'new password' });
    const after = (await s.users.findById(s.user.userId))!;
    expect(after.passwordHash).toBe('plain$new password');
    expect(after.tokenVersion).toBe(s.user.tokenVersion + 1);
    expect(after.emailVerifiedAt).toEqual(s.clock.now());
    expect((await s.tokens.verify(result.token))?.version).toBe(after.tokenVersion);
    // Used once.
    expect(await s.resetCodes.find(s.user.userId)).toBeNull();
  });

  it('counts 5 entries, then refuses even the right code; an expired code is refused too', async () => {
    const s = await setup();
    await s.request.execute('ada@example.com');
    const otp = s.lastCode();
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await expect(s.reset.execute({ email: 'ada@example.com', otp: wrong, newPassword: 'new password' })).rejects.toMatchObject(INVALID);
    await expect(s.reset.execute({ email: 'ada@example.com', otp, newPassword: 'new password' })).rejects.toMatchObject(INVALID);

    s.clock.advance(60_000);
    await s.request.execute('ada@example.com');
    s.clock.advance(10 * 60_000);
    await expect(s.reset.execute({ email: 'ada@example.com', otp: s.lastCode(), newPassword: 'new password' })).rejects.toMatchObject(INVALID);
    expect((await s.users.findById(s.user.userId))!.passwordHash).toBe('plain$old password');
  });

  it('forgets the code when its mail cannot be queued, and still answers as sent', async () => {
    const s = await setup();
    s.mailer.failing = true;
    await s.request.execute('ada@example.com');
    expect(await s.resetCodes.find(s.user.userId)).toBeNull();
  });
});

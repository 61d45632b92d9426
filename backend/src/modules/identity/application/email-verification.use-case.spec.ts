import { AppConfig } from '../../../platform/config/app-config';
import { InMemoryCountries, InMemoryUsers, InMemoryVerifications, ManualClock, PlainHasher, RecordingMailer } from '../../../../test/identity/in-memory';
import { OtpCodes } from './otp-codes';
import { ACCOUNT_EXISTS_SUBJECT, OTP_MAIL_SUBJECT } from './otp-mail';
import { RegisterUserUseCase } from './register-user.use-case';
import { RequestOtpUseCase } from './request-otp.use-case';
import { VerifyOtpUseCase } from './verify-otp.use-case';

function setup() {
  const users = new InMemoryUsers();
  const verifications = new InMemoryVerifications();
  const countries = new InMemoryCountries();
  const codes = new OtpCodes({ jwtSecret: 'unit-test-secret-unit-test-secret-00' } as AppConfig);
  const mailer = new RecordingMailer();
  const clock = new ManualClock();
  const hasher = new PlainHasher();
  const requestOtp = new RequestOtpUseCase(users, verifications, codes, mailer, clock, { publicUrl: 'https://shop.example' } as AppConfig);
  const verifyOtp = new VerifyOtpUseCase(verifications, codes, clock);
  const register = new RegisterUserUseCase(users, verifications, countries, codes, hasher, clock);
  const lastCode = () => /\b(\d{6})\b/.exec(mailer.sent.at(-1)!.text)![1];
  return { users, verifications, countries, codes, mailer, clock, requestOtp, verifyOtp, register, lastCode };
}

const details = { password: 'long enough', name: 'Ada', phone: '5550100' };

describe('e-mail verification and registration use cases', () => {
  it('stores only a hash of the code, normalises the address and mails the code', async () => {
    const s = setup();
    await s.requestOtp.execute('  Ada@Example.COM ');
    const stored = await s.verifications.findByEmail('ada@example.com');
    const code = s.lastCode();
    expect(stored?.codeHash).not.toContain(code);
    expect(s.codes.matches('ada@example.com', code, stored!.codeHash)).toBe(true);
    expect(stored!.expiresAt.getTime() - stored!.sentAt.getTime()).toBe(10 * 60_000);
    expect(s.mailer.sent[0].to).toBe('ada@example.com');
  });

  it('makes 6-digit codes, zero-padded', () => {
    const codes = new OtpCodes({ jwtSecret: 'x'.repeat(32) } as AppConfig);
    for (let i = 0; i < 200; i++) expect(codes.generate()).toMatch(/^\d{6}$/);
  });

  it('enforces the 60 s cooldown with the seconds left', async () => {
    const s = setup();
    await s.requestOtp.execute('a@example.com');
    s.clock.advance(59_000);
    await expect(s.requestOtp.execute('a@example.com')).rejects.toMatchObject({ kind: 'rate_limited', message: 'Please wait 1 seconds before requesting a new code.' });
    s.clock.advance(1_000);
    await s.requestOtp.execute('a@example.com');
    expect(s.mailer.sent).toHaveLength(2);
  });

  it('answers an address with an account exactly as a new one, and mails its owner how to sign in instead of a code', async () => {
    const s = setup();
    await s.users.create({
      email: 'taken@example.com',
      name: 'T',
      phone: '',
      countryId: null,
      callingId: null,
      address: null,
      gender: null,
      passwordHash: 'x',
      googleId: null,
      emailVerifiedAt: null,
    });
    // The same answer (no error), the same cooldown, the same refusals at verify-otp.
    await s.requestOtp.execute('Taken@example.com');
    await s.requestOtp.execute('fresh@example.com');
    const [owner, fresh] = s.mailer.sent;
    expect(owner).toMatchObject({ to: 'taken@example.com', subject: ACCOUNT_EXISTS_SUBJECT });
    expect(owner.text).toContain('https://shop.example/login');
    expect(owner.text).not.toMatch(/\b\d{6}\b/);
    expect(fresh).toMatchObject({ to: 'fresh@example.com', subject: OTP_MAIL_SUBJECT });
    s.clock.advance(30_000);
    for (const email of ['taken@example.com', 'fresh@example.com']) {
      await expect(s.requestOtp.execute(email)).rejects.toMatchObject({ kind: 'rate_limited', message: 'Please wait 30 seconds before requesting a new code.' });
      await expect(s.verifyOtp.execute(email, '000000')).rejects.toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^Invalid OTP\. 4 tries left\.$/) });
    }
    // Nobody was sent the code of the registered address: it cannot be verified, so register's 409 is never reached by guessing.
    expect((await s.verifications.findByEmail('taken@example.com'))!.verifiedAt).toBeNull();
  });

  it('forgets the code when the mail cannot be queued (503)', async () => {
    const s = setup();
    s.mailer.failing = true;
    await expect(s.requestOtp.execute('new@example.com')).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await s.verifications.findByEmail('new@example.com')).toBeNull();
  });

  it('locks the code after 5 wrong tries, even for the right code', async () => {
    const s = setup();
    await s.requestOtp.execute('a@example.com');
    const wrong = s.lastCode() === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await expect(s.verifyOtp.execute('a@example.com', wrong)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(s.verifyOtp.execute('a@example.com', wrong)).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(s.verifyOtp.execute('a@example.com', s.lastCode())).rejects.toMatchObject({ kind: 'rate_limited' });
  });

  it('accepts the right code on the fifth try', async () => {
    const s = setup();
    await s.requestOtp.execute('a@example.com');
    const wrong = s.lastCode() === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await expect(s.verifyOtp.execute('a@example.com', wrong)).rejects.toMatchObject({ kind: 'invalid' });
    await s.verifyOtp.execute('a@example.com', s.lastCode());
  });

  it('refuses an expired code', async () => {
    const s = setup();
    await s.requestOtp.execute('a@example.com');
    s.clock.advance(10 * 60_000);
    await expect(s.verifyOtp.execute('a@example.com', s.lastCode())).rejects.toMatchObject({ kind: 'invalid', code: 'otp_expired' });
  });

  it('registers a verified address once, within 30 minutes of verification', async () => {
    const s = setup();
    await expect(s.register.execute({ email: 'a@example.com', otp: '123456', ...details })).rejects.toMatchObject({ kind: 'forbidden' });
    await s.requestOtp.execute('a@example.com');
    const otp = s.lastCode();
    await s.verifyOtp.execute('a@example.com', otp);
    s.clock.advance(30 * 60_000);
    const { userId } = await s.register.execute({ email: 'A@example.com', otp, countryId: s.countries.india.countryId, gender: 1, ...details });
    const user = await s.users.findById(userId);
    expect(user).toMatchObject({ email: 'a@example.com', passwordHash: 'plain$long enough', countryId: s.countries.india.countryId, gender: 1 });
    // The verification is used up.
    await expect(s.register.execute({ email: 'a@example.com', otp, ...details })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('counts wrong codes at register against the same tries: after 5 the right code is refused, with one message', async () => {
    const s = setup();
    await s.requestOtp.execute('a@example.com');
    const code = s.lastCode();
    await s.verifyOtp.execute('a@example.com', code);
    const wrong = code === '000000' ? '111111' : '000000';
    const refusals: unknown[] = [];
    for (let i = 0; i < 5; i++) refusals.push(await s.register.execute({ email: 'a@example.com', otp: wrong, ...details }).catch((e: unknown) => e));
    refusals.push(await s.register.execute({ email: 'a@example.com', otp: code, ...details }).catch((e: unknown) => e));
    refusals.push(await s.register.execute({ email: 'never@example.com', otp: code, ...details }).catch((e: unknown) => e));
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        kind: 'forbidden',
        code: 'email_not_verified',
        message: 'This code does not match a verified address. Please verify your email again.',
      });
    }
    expect(await s.users.findByEmail('a@example.com')).toBeNull();
  });

  it('spends no try on a right code, at verify-otp or at register', async () => {
    const s = setup();
    await s.requestOtp.execute('a@example.com');
    const code = s.lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await expect(s.verifyOtp.execute('a@example.com', wrong)).rejects.toMatchObject({ kind: 'invalid' });
    await s.verifyOtp.execute('a@example.com', code);
    expect((await s.verifications.findByEmail('a@example.com'))!.wrongTries).toBe(4);
    const { userId } = await s.register.execute({ email: 'a@example.com', otp: code, ...details });
    expect(await s.users.findById(userId)).toMatchObject({ emailVerifiedAt: s.clock.now() });
  });

  it('refuses a stale verification, a mismatching code and an unknown country', async () => {
    const s = setup();
    await s.requestOtp.execute('a@example.com');
    const code = s.lastCode();
    await s.verifyOtp.execute('a@example.com', code);
    await expect(s.register.execute({ email: 'a@example.com', otp: code === '000000' ? '111111' : '000000', ...details })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(s.register.execute({ email: 'a@example.com', otp: code, callingId: 'f'.repeat(8), ...details })).rejects.toMatchObject({ kind: 'invalid' });
    s.clock.advance(30 * 60_000 + 1);
    await expect(s.register.execute({ email: 'a@example.com', otp: code, ...details })).rejects.toMatchObject({ kind: 'forbidden' });
  });
});

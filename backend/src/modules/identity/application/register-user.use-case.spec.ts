import { setup, details } from '../../../../test/identity/email-verification.setup';

describe('e-mail verification and registration use cases', () => {
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

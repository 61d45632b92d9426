import { setup, INVALID } from '../../../../test/identity/password-reset.setup';

describe('password reset use cases', () => {
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
});

import { setup } from '../../../../test/identity/email-verification.setup';

describe('e-mail verification and registration use cases', () => {
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
});

import { ACCOUNT_EXISTS_SUBJECT, OTP_MAIL_SUBJECT } from './otp-mail';
import { setup } from '../../../../test/identity/email-verification.setup';

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
});

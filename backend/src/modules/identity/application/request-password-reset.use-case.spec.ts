import { PASSWORD_RESET_SUBJECT } from './otp-mail';
import { setup, INVALID } from '../../../../test/identity/password-reset.setup';

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

  it('forgets the code when its mail cannot be queued, and still answers as sent', async () => {
    const s = await setup();
    s.mailer.failing = true;
    await s.request.execute('ada@example.com');
    expect(await s.resetCodes.find(s.user.userId)).toBeNull();
  });
});

import { passwordResetSetup } from '../../../../test/admin/use-cases';
import { PASSWORD_RESET_SUBJECT } from './admin-mails';

describe('RequestPasswordResetUseCase', () => {
  it('mails a 6-digit code to the admin, storing only a keyed hash that expires in 10 minutes', async () => {
    const s = passwordResetSetup();
    await s.forgot.execute(' OWNER@shop.example ');
    expect(s.mailer.sent).toHaveLength(1);
    expect(s.mailer.sent[0]).toMatchObject({ to: 'owner@shop.example', subject: PASSWORD_RESET_SUBJECT });
    const code = s.lastCode();
    const stored = (await s.codes.find(s.admin.adminId, 'password-reset'))!;
    expect(stored.codeHash).not.toContain(code);
    expect(s.adminCodes.matches(s.admin.adminId, 'password-reset', 'owner@shop.example', code, stored.codeHash)).toBe(true);
    expect(stored.expiresAt.getTime() - stored.sentAt.getTime()).toBe(10 * 60_000);
  });

  it('ends quietly for an unknown address, within the 60 s cooldown and when the queue refuses the mail', async () => {
    const s = passwordResetSetup();
    await s.forgot.execute('ghost@shop.example');
    expect(s.mailer.sent).toHaveLength(0);
    await s.forgot.execute('owner@shop.example');
    s.clock.advance(59_000);
    await s.forgot.execute('owner@shop.example');
    expect(s.mailer.sent).toHaveLength(1);
    s.clock.advance(1_000);
    s.mailer.failing = true;
    await expect(s.forgot.execute('owner@shop.example')).resolves.toBeUndefined();
    // The code no one received is gone, so the admin may ask again at once.
    expect(await s.codes.find(s.admin.adminId, 'password-reset')).toBeNull();
  });
});

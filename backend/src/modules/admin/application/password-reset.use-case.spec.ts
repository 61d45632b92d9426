import { AppConfig } from '../../../platform/config/app-config';
import { DirectUnitOfWork, InMemoryAdminCodes, InMemoryAdmins, ManualClock, PlainHasher, RecordingAuditLog, RecordingMailer } from '../../../../test/admin/in-memory';
import { AdminCodes } from './admin-codes';
import { PASSWORD_RESET_SUBJECT } from './admin-mails';
import { RequestPasswordResetUseCase } from './request-password-reset.use-case';
import { ResetPasswordUseCase } from './reset-password.use-case';

function setup() {
  const admins = new InMemoryAdmins();
  const codes = new InMemoryAdminCodes();
  const adminCodes = new AdminCodes({ jwtSecret: 'unit-test-secret-unit-test-secret-00' } as AppConfig);
  const mailer = new RecordingMailer();
  const clock = new ManualClock();
  const hasher = new PlainHasher();
  const uow = new DirectUnitOfWork();
  const audit = new RecordingAuditLog();
  const admin = admins.add('owner@shop.example', 'plain$old password');
  return {
    admins,
    codes,
    adminCodes,
    mailer,
    clock,
    uow,
    audit,
    admin,
    forgot: new RequestPasswordResetUseCase(admins, codes, adminCodes, mailer, clock),
    reset: new ResetPasswordUseCase(admins, codes, adminCodes, hasher, uow, audit, clock),
    lastCode: () => /\b(\d{6})\b/.exec(mailer.sent.at(-1)!.text)![1],
  };
}

const INVALID = { kind: 'invalid', message: 'Invalid or expired code.' };
const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('admin password reset use cases', () => {
  it('mails a 6-digit code to the admin, storing only a keyed hash that expires in 10 minutes', async () => {
    const s = setup();
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
    const s = setup();
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

  it('sets the new password with the code, raises the token version, and the code works once', async () => {
    const s = setup();
    await s.forgot.execute('owner@shop.example');
    const otp = s.lastCode();
    await s.reset.execute({ email: 'Owner@Shop.example', otp, newPassword: 'new long password' });
    expect(s.admins.rows.get(s.admin.adminId)).toMatchObject({ passwordHash: 'plain$new long password', tokenVersion: 1 });
    expect(s.uow.runs).toBe(1);
    expect(s.audit.records).toEqual([
      expect.objectContaining({ actorId: s.admin.adminId, actorRole: 'admin', action: 'admin.password.reset', entity: 'admin', entityId: s.admin.adminId }),
    ]);
    expect(JSON.stringify(s.audit.records)).not.toContain('new long password');
    await expect(s.reset.execute({ email: 'owner@shop.example', otp, newPassword: 'another password' })).rejects.toMatchObject(INVALID);
  });

  it('burns the code after 5 wrong entries, even for the right one; 4 wrong then right works', async () => {
    const s = setup();
    await s.forgot.execute('owner@shop.example');
    const otp = s.lastCode();
    for (let i = 0; i < 5; i++) {
      await expect(s.reset.execute({ email: 'owner@shop.example', otp: other(otp), newPassword: 'new long password' })).rejects.toMatchObject(INVALID);
    }
    await expect(s.reset.execute({ email: 'owner@shop.example', otp, newPassword: 'new long password' })).rejects.toMatchObject(INVALID);
    expect(s.admins.rows.get(s.admin.adminId)!.passwordHash).toBe('plain$old password');
    expect(s.audit.records).toHaveLength(0);

    s.clock.advance(60_000);
    await s.forgot.execute('owner@shop.example');
    const fresh = s.lastCode();
    for (let i = 0; i < 4; i++) await expect(s.reset.execute({ email: 'owner@shop.example', otp: other(fresh), newPassword: 'x'.repeat(10) })).rejects.toMatchObject(INVALID);
    await s.reset.execute({ email: 'owner@shop.example', otp: fresh, newPassword: 'new long password' });
  });

  it('refuses an expired code, an unknown address, and a code sent before an e-mail change, all alike', async () => {
    const s = setup();
    await s.forgot.execute('owner@shop.example');
    const otp = s.lastCode();
    await expect(s.reset.execute({ email: 'ghost@shop.example', otp, newPassword: 'new long password' })).rejects.toMatchObject(INVALID);
    s.clock.advance(10 * 60_000);
    await expect(s.reset.execute({ email: 'owner@shop.example', otp, newPassword: 'new long password' })).rejects.toMatchObject(INVALID);

    s.clock.advance(60_000);
    await s.forgot.execute('owner@shop.example');
    const before = s.lastCode();
    await s.admins.changeEmail(s.admin.adminId, 'moved@shop.example');
    await expect(s.reset.execute({ email: 'moved@shop.example', otp: before, newPassword: 'new long password' })).rejects.toMatchObject(INVALID);
  });
});

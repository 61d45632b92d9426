import { SessionTokens } from '../../../platform/auth/session-tokens';
import { AppConfig } from '../../../platform/config/app-config';
import { DirectUnitOfWork, InMemoryAdminCodes, InMemoryAdmins, ManualClock, PlainHasher, RecordingAuditLog, RecordingMailer } from '../../../../test/admin/in-memory';
import { AdminCodes } from './admin-codes';
import { EMAIL_CHANGE_SUBJECT, EMAIL_CHANGED_SUBJECT } from './admin-mails';
import { RequestEmailChangeUseCase } from './request-email-change.use-case';
import { UpdatePasswordUseCase } from './update-password.use-case';
import { VerifyEmailChangeUseCase } from './verify-email-change.use-case';

function setup() {
  const config = { jwtSecret: 'unit-test-secret-unit-test-secret-00' } as AppConfig;
  const admins = new InMemoryAdmins();
  const codes = new InMemoryAdminCodes();
  const adminCodes = new AdminCodes(config);
  const tokens = new SessionTokens(config);
  const mailer = new RecordingMailer();
  const clock = new ManualClock();
  const hasher = new PlainHasher();
  const uow = new DirectUnitOfWork();
  const audit = new RecordingAuditLog();
  const admin = admins.add('owner@shop.example', 'plain$old password');
  const colleague = admins.add('colleague@shop.example', 'plain$colleague password');
  return {
    admins,
    codes,
    mailer,
    clock,
    tokens,
    uow,
    audit,
    admin,
    colleague,
    caller: { id: admin.adminId, role: 'admin' as const },
    requestChange: new RequestEmailChangeUseCase(admins, codes, adminCodes, mailer, clock),
    verifyChange: new VerifyEmailChangeUseCase(admins, codes, adminCodes, tokens, uow, audit, mailer, clock),
    updatePassword: new UpdatePasswordUseCase(admins, hasher, tokens, uow, audit),
    lastCode: () => /\b(\d{6})\b/.exec(mailer.sent.at(-1)!.text)![1],
  };
}

const NOT_OWN = { kind: 'forbidden', message: 'You can only change your own account.' };
const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('admin settings use cases', () => {
  it('mails the e-mail change code to the NEW address and switches on the right code, with a new token', async () => {
    const s = setup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: ' New@Shop.example ' });
    expect(s.mailer.sent.at(-1)).toMatchObject({ to: 'new@shop.example', subject: EMAIL_CHANGE_SUBJECT });
    // Nothing changes before the code comes back.
    expect(s.admins.rows.get(s.admin.adminId)!.email).toBe('owner@shop.example');

    const session = await s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: s.lastCode() });
    expect(s.admins.rows.get(s.admin.adminId)).toMatchObject({ email: 'new@shop.example', tokenVersion: 1 });
    expect(await s.tokens.verify(session.token)).toEqual({ id: s.admin.adminId, role: 'admin', version: 1 });
    expect(s.audit.records).toEqual([
      expect.objectContaining({
        actorId: s.admin.adminId,
        action: 'admin.email.update',
        entity: 'admin',
        entityId: s.admin.adminId,
        before: { email: 'owner@shop.example' },
        after: { email: 'new@shop.example' },
      }),
    ]);
    // The old address hears of it.
    expect(s.mailer.sent.at(-1)).toMatchObject({ to: 'owner@shop.example', subject: EMAIL_CHANGED_SUBJECT });
    expect(s.mailer.sent.at(-1)!.text).toContain('new@shop.example');
    // The code is used up.
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: '123456' })).rejects.toMatchObject({ kind: 'invalid' });
  });

  it("refuses another admin's account, an address in use, the own address and a second code within 60 s", async () => {
    const s = setup();
    await expect(s.requestChange.execute(s.caller, { adminId: s.colleague.adminId, newEmail: 'x@shop.example' })).rejects.toMatchObject(NOT_OWN);
    await expect(s.verifyChange.execute(s.caller, { adminId: s.colleague.adminId, otp: '123456' })).rejects.toMatchObject(NOT_OWN);
    await expect(s.requestChange.execute({ id: s.admin.adminId, role: 'customer' }, { adminId: s.admin.adminId, newEmail: 'x@shop.example' })).rejects.toMatchObject(NOT_OWN);
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'Colleague@shop.example' })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This email is already in use.',
    });
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'owner@shop.example' })).rejects.toMatchObject({ kind: 'invalid' });
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'a@shop.example' });
    s.clock.advance(59_500);
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'b@shop.example' })).rejects.toMatchObject({
      kind: 'rate_limited',
      message: 'Please wait 1 second before requesting a new code.',
    });
    expect(s.mailer.sent).toHaveLength(1);
  });

  it('locks the e-mail change code after 5 wrong entries and refuses an expired one', async () => {
    const s = setup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example' });
    const otp = s.lastCode();
    for (let i = 0; i < 4; i++) await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: other(otp) })).rejects.toMatchObject({ kind: 'invalid', message: 'Invalid or expired code.' });
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: other(otp) })).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp })).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(s.admins.rows.get(s.admin.adminId)!.email).toBe('owner@shop.example');

    s.clock.advance(60_000);
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example' });
    s.clock.advance(10 * 60_000);
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: s.lastCode() })).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('answers 409 when the address was taken between request and verify, and changes nothing', async () => {
    const s = setup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example' });
    await s.admins.changeEmail(s.colleague.adminId, 'new@shop.example');
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: s.lastCode() })).rejects.toMatchObject({ kind: 'conflict' });
    expect(s.admins.rows.get(s.admin.adminId)).toMatchObject({ email: 'owner@shop.example', tokenVersion: 0 });
  });

  it('forgets the code and answers 503 when the queue refuses the mail', async () => {
    const s = setup();
    s.mailer.failing = true;
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example' })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await s.codes.find(s.admin.adminId, 'email-change')).toBeNull();
  });

  it('changes the password only with the right old one, raising the token version', async () => {
    const s = setup();
    await expect(s.updatePassword.execute(s.caller, { adminId: s.colleague.adminId, oldPassword: 'colleague password', newPassword: 'new long password' })).rejects.toMatchObject(NOT_OWN);
    await expect(s.updatePassword.execute(s.caller, { adminId: s.admin.adminId, oldPassword: 'wrong', newPassword: 'new long password' })).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Old password is incorrect.',
    });
    expect(s.admins.rows.get(s.admin.adminId)!.tokenVersion).toBe(0);
    const session = await s.updatePassword.execute(s.caller, { adminId: s.admin.adminId, oldPassword: 'old password', newPassword: 'new long password' });
    expect(s.admins.rows.get(s.admin.adminId)).toMatchObject({ passwordHash: 'plain$new long password', tokenVersion: 1 });
    expect(await s.tokens.verify(session.token)).toEqual({ id: s.admin.adminId, role: 'admin', version: 1 });
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(s.audit.records).toEqual([expect.objectContaining({ actorId: s.admin.adminId, action: 'admin.password.update', entity: 'admin', entityId: s.admin.adminId })]);
    expect(JSON.stringify(s.audit.records)).not.toMatch(/password'|old password|new long password/);
  });
});

import { SessionTokens } from '../../../platform/auth/session-tokens';
import { AppConfig } from '../../../platform/config/app-config';
import { DirectUnitOfWork, InMemoryAdminCodes, InMemoryAdmins, ManualClock, PlainHasher, RecordingAuditLog, RecordingMailer } from '../../../../test/admin/in-memory';
import { AdminCodes } from './admin-codes';
import { EMAIL_CHANGE_REQUESTED_SUBJECT, EMAIL_CHANGE_SUBJECT, EMAIL_CHANGED_SUBJECT } from './admin-mails';
import { RequestEmailChangeUseCase } from './request-email-change.use-case';
import { StopEmailChangeUseCase } from './stop-email-change.use-case';
import { UpdatePasswordUseCase } from './update-password.use-case';
import { VerifyEmailChangeUseCase } from './verify-email-change.use-case';

function setup() {
  const config = { jwtSecret: 'unit-test-secret-unit-test-secret-00', publicUrl: 'https://shop.example' } as AppConfig;
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
    requestChange: new RequestEmailChangeUseCase(admins, codes, adminCodes, hasher, mailer, uow, clock, config),
    stopChange: new StopEmailChangeUseCase(admins, codes, adminCodes, hasher, uow, audit, clock),
    /** The stop link's token, from the notice to the old address. */
    stopToken: () => decodeURIComponent(/stop-email-change=([^\s"&]+)/.exec(mailer.sent.find((m) => m.subject === EMAIL_CHANGE_REQUESTED_SUBJECT)!.text)![1]),
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
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: ' New@Shop.example ', currentPassword: 'old password' });
    expect(s.mailer.sent.at(-1)).toMatchObject({ to: 'new@shop.example', subject: EMAIL_CHANGE_SUBJECT });
    // Nothing changes before the code comes back.
    expect(s.admins.rows.get(s.admin.adminId)!.email).toBe('owner@shop.example');

    const session = await s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: s.lastCode() });
    expect(s.admins.rows.get(s.admin.adminId)).toMatchObject({ email: 'new@shop.example', tokenVersion: 1 });
    expect(await s.tokens.verify(session.token)).toMatchObject({ id: s.admin.adminId, role: 'admin', version: 1 });
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
    await expect(s.requestChange.execute(s.caller, { adminId: s.colleague.adminId, newEmail: 'x@shop.example', currentPassword: 'old password' })).rejects.toMatchObject(NOT_OWN);
    await expect(s.verifyChange.execute(s.caller, { adminId: s.colleague.adminId, otp: '123456' })).rejects.toMatchObject(NOT_OWN);
    await expect(s.requestChange.execute({ id: s.admin.adminId, role: 'customer' }, { adminId: s.admin.adminId, newEmail: 'x@shop.example', currentPassword: 'old password' })).rejects.toMatchObject(NOT_OWN);
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'Colleague@shop.example', currentPassword: 'old password' })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This email is already in use.',
    });
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'owner@shop.example', currentPassword: 'old password' })).rejects.toMatchObject({ kind: 'invalid' });
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'a@shop.example', currentPassword: 'old password' });
    s.clock.advance(59_500);
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'b@shop.example', currentPassword: 'old password' })).rejects.toMatchObject({
      kind: 'rate_limited',
      message: 'Please wait 1 second before requesting a new code.',
    });
    // One request: the notice to the old address and the code to the new one.
    expect(s.mailer.sent.map((m) => m.to)).toEqual(['owner@shop.example', 'a@shop.example']);
  });

  it('locks the e-mail change code after 5 wrong entries and refuses an expired one', async () => {
    const s = setup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example', currentPassword: 'old password' });
    const otp = s.lastCode();
    for (let i = 0; i < 4; i++) await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: other(otp) })).rejects.toMatchObject({ kind: 'invalid', message: 'Invalid or expired code.' });
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: other(otp) })).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp })).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(s.admins.rows.get(s.admin.adminId)!.email).toBe('owner@shop.example');

    s.clock.advance(60_000);
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example', currentPassword: 'old password' });
    s.clock.advance(10 * 60_000);
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: s.lastCode() })).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('answers 409 when the address was taken between request and verify, and changes nothing', async () => {
    const s = setup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example', currentPassword: 'old password' });
    await s.admins.changeEmail(s.colleague.adminId, 'new@shop.example');
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: s.lastCode() })).rejects.toMatchObject({ kind: 'conflict' });
    expect(s.admins.rows.get(s.admin.adminId)).toMatchObject({ email: 'owner@shop.example', tokenVersion: 0 });
  });

  it('answers 503 when the outbox refuses the mail, having written codes and mails in one unit of work (rolled back together)', async () => {
    const s = setup();
    s.mailer.failing = true;
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example', currentPassword: 'old password' })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(s.uow.runs).toBe(1);
  });

  it('asks for the current password: a session token alone changes nothing and mails nobody', async () => {
    const s = setup();
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'thief@evil.example', currentPassword: 'a guess' })).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Current password is incorrect.',
    });
    expect(s.mailer.sent).toEqual([]);
    expect(await s.codes.find(s.admin.adminId, 'email-change')).toBeNull();
  });

  it('tells the old address before the change takes effect, with a link that stops it: code dropped, password unusable, every session ended', async () => {
    const s = setup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'thief@evil.example', currentPassword: 'old password' });
    const [notice, code] = s.mailer.sent;
    expect(notice).toMatchObject({ to: 'owner@shop.example', subject: EMAIL_CHANGE_REQUESTED_SUBJECT });
    expect(notice.text).toContain('thief@evil.example');
    expect(notice.text).toContain(`https://shop.example/admin/login?stop-email-change=`);
    expect(code).toMatchObject({ to: 'thief@evil.example', subject: EMAIL_CHANGE_SUBJECT });
    const otp = s.lastCode();

    await expect(s.stopChange.execute(`${s.admin.adminId}.not-the-secret`)).rejects.toMatchObject({ kind: 'invalid', message: 'This link is not valid any more.' });
    await s.stopChange.execute(s.stopToken());
    expect(s.admins.rows.get(s.admin.adminId)).toMatchObject({ email: 'owner@shop.example', tokenVersion: 1 });
    expect(s.admins.rows.get(s.admin.adminId)!.passwordHash).not.toBe('plain$old password');
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp })).rejects.toMatchObject({ kind: 'invalid' });
    // The link works once.
    await expect(s.stopChange.execute(s.stopToken())).rejects.toMatchObject({ kind: 'invalid' });
    expect(s.audit.records).toEqual([
      expect.objectContaining({ action: 'admin.email.stop', entityId: s.admin.adminId, before: { email: 'owner@shop.example' }, after: { email: 'owner@shop.example' } }),
    ]);
  });

  it('puts the old address back when the link is used after the change took effect, until 72 hours after the request; no second change meanwhile', async () => {
    const s = setup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'thief@evil.example', currentPassword: 'old password' });
    const session = await s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: s.lastCode() });
    expect(s.admins.rows.get(s.admin.adminId)!.email).toBe('thief@evil.example');
    const thief = { id: s.admin.adminId, role: 'admin' as const };
    s.clock.advance(61_000);
    await expect(s.requestChange.execute(thief, { adminId: s.admin.adminId, newEmail: 'further@evil.example', currentPassword: 'old password' })).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/^Your e-mail address was changed less than 72 hours ago\. It can change again after /),
    });
    expect(session.token).toEqual(expect.any(String));

    s.clock.advance(71 * 60 * 60_000);
    await s.stopChange.execute(s.stopToken());
    expect(s.admins.rows.get(s.admin.adminId)).toMatchObject({ email: 'owner@shop.example', tokenVersion: 3 });
    expect(s.audit.records.at(-1)).toMatchObject({ action: 'admin.email.stop', before: { email: 'thief@evil.example' }, after: { email: 'owner@shop.example' } });
  });

  it('refuses the link after its 72 hours', async () => {
    const s = setup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example', currentPassword: 'old password' });
    s.clock.advance(72 * 60 * 60_000);
    await expect(s.stopChange.execute(s.stopToken())).rejects.toMatchObject({ kind: 'invalid' });
    expect(s.admins.rows.get(s.admin.adminId)!.tokenVersion).toBe(0);
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
    expect(await s.tokens.verify(session.token)).toMatchObject({ id: s.admin.adminId, role: 'admin', version: 1 });
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(s.audit.records).toEqual([expect.objectContaining({ actorId: s.admin.adminId, action: 'admin.password.update', entity: 'admin', entityId: s.admin.adminId })]);
    expect(JSON.stringify(s.audit.records)).not.toMatch(/password'|old password|new long password/);
  });
});

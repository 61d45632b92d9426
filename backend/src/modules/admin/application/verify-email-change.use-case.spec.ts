import { adminSettingsSetup, otherCode } from '../../../../test/admin/use-cases';
import { EMAIL_CHANGE_SUBJECT, EMAIL_CHANGED_SUBJECT } from './admin-mails';

describe('VerifyEmailChangeUseCase', () => {
  it('mails the e-mail change code to the NEW address and switches on the right code, with a new token', async () => {
    const s = adminSettingsSetup();
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

  it('locks the e-mail change code after 5 wrong entries and refuses an expired one', async () => {
    const s = adminSettingsSetup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example', currentPassword: 'old password' });
    const otp = s.lastCode();
    for (let i = 0; i < 4; i++)
      await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: otherCode(otp) })).rejects.toMatchObject({
        kind: 'invalid',
        message: 'Invalid or expired code.',
      });
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: otherCode(otp) })).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp })).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(s.admins.rows.get(s.admin.adminId)!.email).toBe('owner@shop.example');

    s.clock.advance(60_000);
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example', currentPassword: 'old password' });
    s.clock.advance(10 * 60_000);
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: s.lastCode() })).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('answers 409 when the address was taken between request and verify, and changes nothing', async () => {
    const s = adminSettingsSetup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example', currentPassword: 'old password' });
    await s.admins.changeEmail(s.colleague.adminId, 'new@shop.example');
    await expect(s.verifyChange.execute(s.caller, { adminId: s.admin.adminId, otp: s.lastCode() })).rejects.toMatchObject({ kind: 'conflict' });
    expect(s.admins.rows.get(s.admin.adminId)).toMatchObject({ email: 'owner@shop.example', tokenVersion: 0 });
  });
});

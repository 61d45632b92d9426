import { adminSettingsSetup } from '../../../../test/admin/use-cases';
import { EMAIL_CHANGE_REQUESTED_SUBJECT, EMAIL_CHANGE_SUBJECT } from './admin-mails';

describe('StopEmailChangeUseCase', () => {
  it('tells the old address before the change takes effect, with a link that stops it: code dropped, password unusable, every session ended', async () => {
    const s = adminSettingsSetup();
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
    const s = adminSettingsSetup();
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
    const s = adminSettingsSetup();
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example', currentPassword: 'old password' });
    s.clock.advance(72 * 60 * 60_000);
    await expect(s.stopChange.execute(s.stopToken())).rejects.toMatchObject({ kind: 'invalid' });
    expect(s.admins.rows.get(s.admin.adminId)!.tokenVersion).toBe(0);
  });
});

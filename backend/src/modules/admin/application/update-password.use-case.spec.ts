import { adminSettingsSetup, NOT_OWN } from '../../../../test/admin/use-cases';

describe('UpdatePasswordUseCase', () => {
  it('changes the password only with the right old one, raising the token version', async () => {
    const s = adminSettingsSetup();
    await expect(
      s.updatePassword.execute(s.caller, { adminId: s.colleague.adminId, oldPassword: 'colleague password', newPassword: 'new long password' }),
    ).rejects.toMatchObject(NOT_OWN);
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

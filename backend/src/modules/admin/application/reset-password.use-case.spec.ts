import { passwordResetSetup, INVALID_CODE, otherCode } from '../../../../test/admin/use-cases';

describe('ResetPasswordUseCase', () => {
  it('sets the new password with the code, raises the token version, and the code works once', async () => {
    const s = passwordResetSetup();
    await s.forgot.execute('owner@shop.example');
    const otp = s.lastCode();
    await s.reset.execute({ email: 'Owner@Shop.example', otp, newPassword: 'new long password' });
    expect(s.admins.rows.get(s.admin.adminId)).toMatchObject({ passwordHash: 'plain$new long password', tokenVersion: 1 });
    expect(s.uow.runs).toBe(1);
    expect(s.audit.records).toEqual([
      expect.objectContaining({ actorId: s.admin.adminId, actorRole: 'admin', action: 'admin.password.reset', entity: 'admin', entityId: s.admin.adminId }),
    ]);
    expect(JSON.stringify(s.audit.records)).not.toContain('new long password');
    await expect(s.reset.execute({ email: 'owner@shop.example', otp, newPassword: 'another password' })).rejects.toMatchObject(INVALID_CODE);
  });

  it('burns the code after 5 wrong entries, even for the right one; 4 wrong then right works', async () => {
    const s = passwordResetSetup();
    await s.forgot.execute('owner@shop.example');
    const otp = s.lastCode();
    for (let i = 0; i < 5; i++) {
      await expect(s.reset.execute({ email: 'owner@shop.example', otp: otherCode(otp), newPassword: 'new long password' })).rejects.toMatchObject(INVALID_CODE);
    }
    await expect(s.reset.execute({ email: 'owner@shop.example', otp, newPassword: 'new long password' })).rejects.toMatchObject(INVALID_CODE);
    expect(s.admins.rows.get(s.admin.adminId)!.passwordHash).toBe('plain$old password');
    expect(s.audit.records).toHaveLength(0);

    s.clock.advance(60_000);
    await s.forgot.execute('owner@shop.example');
    const fresh = s.lastCode();
    for (let i = 0; i < 4; i++)
      await expect(s.reset.execute({ email: 'owner@shop.example', otp: otherCode(fresh), newPassword: 'x'.repeat(10) })).rejects.toMatchObject(INVALID_CODE);
    await s.reset.execute({ email: 'owner@shop.example', otp: fresh, newPassword: 'new long password' });
  });

  it('refuses an expired code, an unknown address, and a code sent before an e-mail change, all alike', async () => {
    const s = passwordResetSetup();
    await s.forgot.execute('owner@shop.example');
    const otp = s.lastCode();
    await expect(s.reset.execute({ email: 'ghost@shop.example', otp, newPassword: 'new long password' })).rejects.toMatchObject(INVALID_CODE);
    s.clock.advance(10 * 60_000);
    await expect(s.reset.execute({ email: 'owner@shop.example', otp, newPassword: 'new long password' })).rejects.toMatchObject(INVALID_CODE);

    s.clock.advance(60_000);
    await s.forgot.execute('owner@shop.example');
    const before = s.lastCode();
    await s.admins.changeEmail(s.admin.adminId, 'moved@shop.example');
    await expect(s.reset.execute({ email: 'moved@shop.example', otp: before, newPassword: 'new long password' })).rejects.toMatchObject(INVALID_CODE);
  });
});

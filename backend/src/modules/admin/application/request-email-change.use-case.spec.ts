import { adminSettingsSetup, NOT_OWN } from '../../../../test/admin/use-cases';

describe('RequestEmailChangeUseCase', () => {
  it("refuses another admin's account, an address in use, the own address and a second code within 60 s", async () => {
    const s = adminSettingsSetup();
    await expect(s.requestChange.execute(s.caller, { adminId: s.colleague.adminId, newEmail: 'x@shop.example', currentPassword: 'old password' })).rejects.toMatchObject(
      NOT_OWN,
    );
    await expect(s.verifyChange.execute(s.caller, { adminId: s.colleague.adminId, otp: '123456' })).rejects.toMatchObject(NOT_OWN);
    await expect(
      s.requestChange.execute({ id: s.admin.adminId, role: 'customer' }, { adminId: s.admin.adminId, newEmail: 'x@shop.example', currentPassword: 'old password' }),
    ).rejects.toMatchObject(NOT_OWN);
    await expect(
      s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'Colleague@shop.example', currentPassword: 'old password' }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This email is already in use.',
    });
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'owner@shop.example', currentPassword: 'old password' })).rejects.toMatchObject({
      kind: 'invalid',
    });
    await s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'a@shop.example', currentPassword: 'old password' });
    s.clock.advance(59_500);
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'b@shop.example', currentPassword: 'old password' })).rejects.toMatchObject({
      kind: 'rate_limited',
      message: 'Please wait 1 second before requesting a new code.',
    });
    // One request: the notice to the old address and the code to the new one.
    expect(s.mailer.sent.map((m) => m.to)).toEqual(['owner@shop.example', 'a@shop.example']);
  });

  it('answers 503 when the outbox refuses the mail, having written codes and mails in one unit of work (rolled back together)', async () => {
    const s = adminSettingsSetup();
    s.mailer.failing = true;
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'new@shop.example', currentPassword: 'old password' })).rejects.toMatchObject({
      kind: 'unavailable',
    });
    expect(s.uow.runs).toBe(1);
  });

  it('asks for the current password: a session token alone changes nothing and mails nobody', async () => {
    const s = adminSettingsSetup();
    await expect(s.requestChange.execute(s.caller, { adminId: s.admin.adminId, newEmail: 'thief@evil.example', currentPassword: 'a guess' })).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Current password is incorrect.',
    });
    expect(s.mailer.sent).toEqual([]);
    expect(await s.codes.find(s.admin.adminId, 'email-change')).toBeNull();
  });
});

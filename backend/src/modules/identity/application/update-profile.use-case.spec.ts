import { setup, account } from '../../../../test/identity/sign-in.setup';

describe('sign-in and profile use cases', () => {
  it('changes the password only with the right old one', async () => {
    const s = setup();
    const me = await s.users.create(account());
    const caller = { id: me.userId, role: 'customer' as const };
    const base = { userId: me.userId, name: ' Ada L ', phone: ' 123 ' };
    await expect(s.updateProfile.execute(caller, { ...base, newPassword: 'new password' })).rejects.toMatchObject({ kind: 'invalid' });
    await expect(s.updateProfile.execute(caller, { ...base, oldPassword: 'wrong', newPassword: 'new password' })).rejects.toMatchObject({
      message: 'Old password is incorrect.',
    });
    const updated = await s.updateProfile.execute(caller, { ...base, oldPassword: 'secret password', newPassword: 'new password' });
    expect(updated.profile.user).toMatchObject({ name: 'Ada L', phone: '123', passwordHash: 'plain$new password', tokenVersion: 1 });
    // The new password ended the old sessions; the caller gets a token of the new version.
    expect(await s.tokens.verify(updated.token as string)).toMatchObject({ id: me.userId, role: 'customer', version: 1 });
    const renamed = await s.updateProfile.execute(caller, { ...base, name: 'Ada' });
    expect(renamed.token).toBeNull();
    expect(renamed.profile.user.tokenVersion).toBe(1);
  });

  it("records an admin's edit of a customer in the audit log, in the edit's unit of work; a customer's own edit is no admin write", async () => {
    const s = setup();
    const me = await s.users.create(account());
    await s.updateProfile.execute({ id: me.userId, role: 'customer' }, { userId: me.userId, name: 'Ada', phone: '5550111' });
    expect(s.audit.records).toEqual([]);

    await s.updateProfile.execute({ id: 'admin-1', role: 'admin' }, { userId: me.userId, name: ' Ada Lovelace ', phone: '5550199' });
    expect(s.audit.records).toEqual([
      expect.objectContaining({
        actorId: 'admin-1',
        actorRole: 'admin',
        action: 'user.update',
        entity: 'user',
        entityId: me.userId,
        before: { name: 'Ada', phone: '5550111' },
        after: { name: 'Ada Lovelace', phone: '5550199' },
      }),
    ]);
    expect(s.uow.runs).toBe(2);
  });
});

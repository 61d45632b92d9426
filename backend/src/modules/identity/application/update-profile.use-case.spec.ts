import { randomUUID } from 'node:crypto';
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

  it('saves country, calling code and gender when given and keeps them when left out; refuses an unknown country', async () => {
    const s = setup();
    const me = await s.users.create(account());
    const caller = { id: me.userId, role: 'customer' as const };
    const base = { userId: me.userId, name: 'Ada', phone: '5550111' };
    const india = s.countries.india.countryId;
    const saved = await s.updateProfile.execute(caller, { ...base, countryId: india, callingId: india, gender: 0 });
    expect(saved.profile).toMatchObject({ countryName: 'India', user: { countryId: india, callingId: india, gender: 0 } });
    const kept = await s.updateProfile.execute(caller, { ...base, name: 'Ada L' });
    expect(kept.profile.user).toMatchObject({ name: 'Ada L', countryId: india, callingId: india, gender: 0 });
    await expect(s.updateProfile.execute(caller, { ...base, callingId: randomUUID() })).rejects.toMatchObject({
      kind: 'invalid',
      message: 'callingId is not a known country',
    });
    expect((await s.users.findById(me.userId))?.callingId).toBe(india);
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

    // A detail the admin gives is recorded too, before and after; one left out is not.
    await s.updateProfile.execute({ id: 'admin-1', role: 'admin' }, { userId: me.userId, name: 'Ada Lovelace', phone: '5550199', gender: 1 });
    expect(s.audit.records[1]).toMatchObject({
      before: { name: 'Ada Lovelace', phone: '5550199', gender: null },
      after: { name: 'Ada Lovelace', phone: '5550199', gender: 1 },
    });
    expect(Object.keys(s.audit.records[1].after as object)).toEqual(['name', 'phone', 'gender']);
  });
});

import { setup, account } from '../../../../test/identity/sign-in.setup';

describe('sign-in and profile use cases', () => {
  it("shows the own profile with counts, refuses someone else's unless admin", async () => {
    const s = setup();
    const me = await s.users.create(account({ countryId: s.countries.india.countryId }));
    const other = await s.users.create(account({ email: 'other@example.com' }));
    const profile = await s.getProfile.execute({ id: me.userId, role: 'customer' }, me.userId);
    expect(profile).toMatchObject({ countryName: 'India', subscriptions: { total: 3, active: 2, completed: 1 } });
    await expect(s.getProfile.execute({ id: me.userId, role: 'customer' }, other.userId)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(s.getProfile.execute({ id: 'admin-1', role: 'admin' }, other.userId)).resolves.toBeTruthy();
    await expect(s.getProfile.execute({ id: 'admin-1', role: 'admin' }, 'missing')).rejects.toMatchObject({ kind: 'not_found' });
  });
});

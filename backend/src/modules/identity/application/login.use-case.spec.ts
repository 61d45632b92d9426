import { setup, account } from '../../../../test/identity/sign-in.setup';

describe('sign-in and profile use cases', () => {
  it('logs in with a customer token; fails alike for wrong password and unknown address, hashing both times', async () => {
    const s = setup();
    const user = await s.users.create(account());
    const result = await s.login.execute(' ADA@example.com', 'secret password');
    expect(await s.tokens.verify(result.token)).toMatchObject({ id: user.userId, role: 'customer', version: 0 });
    const wrong = s.login.execute('ada@example.com', 'nope');
    await expect(wrong).rejects.toMatchObject({ kind: 'unauthorized', message: 'Invalid email or password.' });
    const before = s.hasher.verifications;
    await expect(s.login.execute('ghost@example.com', 'nope')).rejects.toMatchObject({ kind: 'unauthorized', message: 'Invalid email or password.' });
    expect(s.hasher.verifications).toBe(before + 1);
  });
});

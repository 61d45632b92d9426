import { SessionTokens } from '../../../platform/auth/session-tokens';
import { AppConfig } from '../../../platform/config/app-config';
import { InMemoryAdmins, PlainHasher } from '../../../../test/admin/in-memory';
import { AdminLoginUseCase } from './admin-login.use-case';

function setup() {
  const admins = new InMemoryAdmins();
  const hasher = new PlainHasher();
  const tokens = new SessionTokens({ jwtSecret: 'unit-test-secret-unit-test-secret-00' } as AppConfig);
  return { admins, hasher, tokens, login: new AdminLoginUseCase(admins, hasher, tokens) };
}

describe('AdminLoginUseCase', () => {
  it('answers an admin token of the current version, with its expiry (12 h)', async () => {
    const s = setup();
    const admin = s.admins.add('owner@shop.example', 'plain$owner password');
    s.admins.rows.get(admin.adminId)!.tokenVersion = 3;
    const before = Date.now();
    const session = await s.login.execute('  Owner@Shop.EXAMPLE ', 'owner password');
    expect(session.adminId).toBe(admin.adminId);
    expect(await s.tokens.verify(session.token)).toMatchObject({ id: admin.adminId, role: 'admin', version: 3 });
    const ttl = session.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(12 * 3600_000 - 2_000);
    expect(ttl).toBeLessThanOrEqual(12 * 3600_000 + 1_000);
  });

  it('fails alike for a wrong password and an unknown address, hashing both times', async () => {
    const s = setup();
    s.admins.add('owner@shop.example', 'plain$owner password');
    const failure = { kind: 'unauthorized', message: 'Invalid email or password.', code: 'invalid_credentials' };
    await expect(s.login.execute('owner@shop.example', 'wrong password')).rejects.toMatchObject(failure);
    const before = s.hasher.verifications;
    await expect(s.login.execute('ghost@shop.example', 'owner password')).rejects.toMatchObject(failure);
    expect(s.hasher.verifications).toBe(before + 1);
  });
});

import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../../../../../test/support/app';
import { PasswordHasher } from '../../../../platform/security/password-hasher';
import { AdminOrmEntity } from './admin.orm-entity';
import { AdminSeeder } from './admin.seeder';

/** Real: the whole app booted on a fresh database (PGlite, or PostgreSQL with DATABASE_URL). */
describe('AdminSeeder', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL: 'Owner@Shop.example', ADMIN_PASSWORD: 'owner-password-1' } });
  });

  afterAll(() => t?.close());

  it('creates the first admin from the configuration, with a hashed password', async () => {
    const admins = await t.app.get(DataSource).getRepository(AdminOrmEntity).find();
    expect(admins).toHaveLength(1);
    expect(admins[0].email).toBe('owner@shop.example');
    expect(admins[0].passwordHash).not.toContain('owner-password-1');
    await expect(new PasswordHasher().verify('owner-password-1', admins[0].passwordHash)).resolves.toBe(true);
  });

  it('leaves an existing admin alone on the next start', async () => {
    await t.app.get(AdminSeeder).onApplicationBootstrap();
    await expect(t.app.get(DataSource).getRepository(AdminOrmEntity).count()).resolves.toBe(1);
  });
});

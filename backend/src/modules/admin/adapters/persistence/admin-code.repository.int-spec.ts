/**
 * The admin repositories on a real database.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), migrations,
 * TypeORM, the UnitOfWork. Fake: nothing (admins are inserted by SQL).
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import type { AdminCode } from '../../domain/admin-code';
import { AdminCodeOrmEntity } from './admin-code.orm-entity';
import { TypeOrmAdminCodeRepository } from './admin-code.repository';
import { AdminOrmEntity } from './admin.orm-entity';
import { TypeOrmAdminRepository } from './admin.repository';

describe.each(testDatabaseKinds())('admin repositories on %s', (kind) => {
  let dataSource: DataSource;
  let uow: UnitOfWork;
  let codes: TypeOrmAdminCodeRepository;
  let admins: TypeOrmAdminRepository;

  async function newAdmin(label: string): Promise<{ adminId: string; email: string }> {
    const email = `${label}-${randomUUID().slice(0, 8)}@staff.example`;
    const [row] = await dataSource.query(`INSERT INTO admins (email, password_hash) VALUES ($1, 'scrypt$x') RETURNING admin_id`, [email]);
    return { adminId: row.admin_id as string, email };
  }

  function code(adminId: string, email: string, over: Partial<AdminCode> = {}): AdminCode {
    const sentAt = new Date();
    return { adminId, purpose: 'password-reset', email, codeHash: randomUUID(), sentAt, expiresAt: new Date(sentAt.getTime() + 600_000), tries: 0, ...over };
  }

  beforeAll(async () => {
    dataSource = await createTestDataSource([AdminOrmEntity, AdminCodeOrmEntity], kind);
    uow = new UnitOfWork(dataSource);
    codes = new TypeOrmAdminCodeRepository(uow);
    admins = new TypeOrmAdminRepository(uow);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('stores one code of 10 simultaneous requests, and a newer one only after the cooldown', async () => {
    const { adminId, email } = await newAdmin('race');
    const sentBefore = new Date(Date.now() - 60_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => codes.replaceUnlessSentAfter(code(adminId, email), sentBefore)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const later = code(adminId, email, { sentAt: new Date(Date.now() + 61_000) });
    expect(await codes.replaceUnlessSentAfter(later, new Date(later.sentAt.getTime() - 60_000))).toBe(true);
    expect(await codes.find(adminId, 'password-reset')).toMatchObject({ codeHash: later.codeHash, tries: 0, email });
    // Each purpose has its own code.
    expect(await codes.replaceUnlessSentAfter(code(adminId, 'new@staff.example', { purpose: 'email-change' }), sentBefore)).toBe(true);
    expect(await codes.find(adminId, 'email-change')).toMatchObject({ email: 'new@staff.example' });
  });

  it('counts at most 5 of 20 simultaneous tries, and only for the current code', async () => {
    const { adminId, email } = await newAdmin('tries');
    const stored = code(adminId, email);
    await codes.replaceUnlessSentAfter(stored, new Date());
    const tries = await Promise.all(Array.from({ length: 20 }, () => codes.claimTry(adminId, 'password-reset', stored.codeHash, 5)));
    expect(tries.filter((t) => t !== null).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await codes.claimTry(adminId, 'password-reset', 'another hash', 5)).toBeNull();
  });

  it('consumes a code once of 10 simultaneous uses, not a replaced one', async () => {
    const { adminId, email } = await newAdmin('consume');
    const stored = code(adminId, email);
    await codes.replaceUnlessSentAfter(stored, new Date());
    expect(await codes.consume(adminId, 'password-reset', 'another hash')).toBe(false);
    const used = await Promise.all(Array.from({ length: 10 }, () => uow.run(() => codes.consume(adminId, 'password-reset', stored.codeHash))));
    expect(used.filter(Boolean)).toHaveLength(1);
    expect(await codes.find(adminId, 'password-reset')).toBeNull();
  });

  it('raises the token version with a new password or address; a taken address is a conflict', async () => {
    const me = await newAdmin('me');
    const other = await newAdmin('other');
    expect(await admins.changePassword(me.adminId, 'scrypt$new')).toMatchObject({ passwordHash: 'scrypt$new', tokenVersion: 1 });
    expect(await admins.changeEmail(me.adminId, 'moved@staff.example')).toMatchObject({ email: 'moved@staff.example', tokenVersion: 2 });
    await expect(uow.run(() => admins.changeEmail(me.adminId, other.email))).rejects.toMatchObject({ kind: 'conflict', message: 'This email is already in use.' });
    expect(await admins.findById(me.adminId)).toMatchObject({ email: 'moved@staff.example', tokenVersion: 2 });
    expect(await admins.findById('not-a-uuid')).toBeNull();
    expect(await admins.changePassword(randomUUID(), 'scrypt$x')).toBeNull();
  });

  it('deletes the codes with their admin', async () => {
    const { adminId, email } = await newAdmin('gone');
    await codes.replaceUnlessSentAfter(code(adminId, email), new Date());
    await dataSource.query('DELETE FROM admins WHERE admin_id = $1', [adminId]);
    expect(await codes.find(adminId, 'password-reset')).toBeNull();
  });
});

import { DataSource } from 'typeorm';
import { SessionTokens } from '../../src/platform/auth/session-tokens';
import type { TestApp } from './app';

/**
 * A session token of the seeded first admin (the admin login itself arrives with the admin issue).
 * The guard loads the admin, so only a real admin id at its current token version works.
 */
export async function adminToken(t: TestApp): Promise<{ adminId: string; token: string }> {
  const [admin] = await t.app.get(DataSource).query('SELECT admin_id, token_version FROM admins ORDER BY created_at LIMIT 1');
  if (!admin) throw new Error('No admin is seeded');
  return { adminId: admin.admin_id, token: await t.app.get(SessionTokens).sign({ id: admin.admin_id, role: 'admin' }, admin.token_version) };
}

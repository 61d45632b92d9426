import { DataSource } from 'typeorm';
import { SessionTokens } from '../../src/platform/auth/session-tokens';
import { createTestApp, type TestApp } from './app';
import { type CustomerSession, signUpCustomer } from './customer-session';

export interface AdminSession {
  adminId: string;
  token: string;
}

/**
 * A session token of the seeded first admin (the admin login itself arrives with the admin issue).
 * The guard loads the admin, so only a real admin id at its current token version works.
 */
export async function adminToken(t: TestApp): Promise<AdminSession> {
  const [admin] = await t.app.get(DataSource).query('SELECT admin_id, token_version FROM admins ORDER BY created_at LIMIT 1');
  if (!admin) throw new Error('No admin is seeded');
  return { adminId: admin.admin_id, token: await t.app.get(SessionTokens).sign({ id: admin.admin_id, role: 'admin' }, admin.token_version) };
}

/**
 * The setup of the admin API specs: the whole app, the seeded admin's token and one customer
 * (named after `label`) to show that a customer's token is refused.
 */
export async function appWithAdminAndCustomer(label: string): Promise<{ t: TestApp; admin: AdminSession; customer: CustomerSession }> {
  const t = await createTestApp();
  return { t, admin: await adminToken(t), customer: await signUpCustomer(t, label) };
}

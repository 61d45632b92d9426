import { SessionTokens } from '../../../platform/auth/session-tokens';
import type { Admin } from '../domain/admin';

/** What a login, an e-mail change or a password change hands the admin: a token of the current version. */
export interface AdminSession {
  adminId: string;
  token: string;
  /** When the token expires (its `exp`). */
  expiresAt: Date;
}

/** The `exp` of a token this server has just signed. */
function expiryOf(token: string): Date {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
  if (typeof payload.exp !== 'number') throw new Error('A session token without exp');
  return new Date(payload.exp * 1000);
}

export async function adminSession(tokens: SessionTokens, admin: Admin): Promise<AdminSession> {
  const token = await tokens.sign({ id: admin.adminId, role: 'admin' }, admin.tokenVersion);
  return { adminId: admin.adminId, token, expiresAt: expiryOf(token) };
}

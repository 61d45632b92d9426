import { sessionEnded } from '../../../platform/auth/auth.errors';
import type { Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import type { Admin } from '../domain/admin';
import { AdminRepository } from './admin.repository.port';

/**
 * The caller's own admin account, named by the body's adminId: someone else's id is a 403 (the
 * server, not the client, decides who is who). The guard has loaded the caller already; an admin
 * deleted since is a 401 like any ended session.
 */
export async function loadOwnAccount(admins: AdminRepository, caller: Principal, adminId: string): Promise<Admin> {
  if (caller.role !== 'admin' || caller.id !== adminId) {
    throw new AppError('forbidden', 'You can only change your own account.', 'not_own_account');
  }
  const admin = await admins.findById(adminId);
  if (!admin) throw sessionEnded();
  return admin;
}

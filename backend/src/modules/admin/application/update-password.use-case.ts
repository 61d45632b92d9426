import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import { oldPasswordIncorrect, sessionEnded } from '../../../platform/auth/auth.errors';
import type { Principal } from '../../../platform/auth/principal';
import { SessionTokens } from '../../../platform/auth/session-tokens';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { AdminRepository } from './admin.repository.port';
import { adminSession, type AdminSession } from './admin-session';
import { loadOwnAccount } from './own-account';

export interface PasswordChange {
  adminId: string;
  oldPassword: string;
  newPassword: string;
}

/**
 * POST /admin/update-password (Settings): a new password with the right old one. It raises the
 * token version, so every other session ends and this one gets a new token. Recorded in the audit
 * log (admin.password.update) in the same transaction.
 */
@Injectable()
export class UpdatePasswordUseCase {
  constructor(
    private readonly admins: AdminRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SessionTokens,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
  ) {}

  async execute(caller: Principal, change: PasswordChange): Promise<AdminSession> {
    const admin = await loadOwnAccount(this.admins, caller, change.adminId);
    if (!(await this.hasher.verify(change.oldPassword, admin.passwordHash))) {
      throw oldPasswordIncorrect();
    }
    const passwordHash = await this.hasher.hash(change.newPassword);
    const updated = await this.uow.run(async () => {
      const changed = await this.admins.changePassword(admin.adminId, passwordHash);
      if (!changed) throw sessionEnded();
      // No before/after: the only change is a secret.
      await this.audit.record(caller, { action: 'admin.password.update', entity: 'admin', entityId: admin.adminId });
      return changed;
    });
    return adminSession(this.tokens, updated);
  }
}

import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { redeemRecoveryCode } from '../../../platform/security/account-recovery';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { Clock } from '../../../platform/time/clock';
import { normaliseAdminEmail } from '../domain/admin';
import { invalidCode } from '../domain/admin.errors';
import { AdminRepository } from './admin.repository.port';
import { AdminCodeRepository } from './admin-code.repository.port';
import { AdminCodes } from './admin-codes';
import { adminResetCodes } from './admin-reset-codes';

const INVALID = invalidCode;

export interface PasswordReset {
  email: string;
  otp: string;
  newPassword: string;
}

/**
 * POST /admin/reset-password: a mailed code sets a new password, with platform's account recovery
 * (docs/accounts.md#password-reset: 5 tries, one use, one 400 for every refusal, so the call tells
 * nothing about which addresses are admins'). The new
 * password raises the token version: every session of the account ends. Recorded in the audit log
 * (admin.password.reset) in the same transaction.
 */
@Injectable()
export class ResetPasswordUseCase {
  constructor(
    private readonly admins: AdminRepository,
    private readonly codes: AdminCodeRepository,
    private readonly adminCodes: AdminCodes,
    private readonly hasher: PasswordHasher,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(reset: PasswordReset): Promise<void> {
    await redeemRecoveryCode(
      {
        findAccount: async (email) => {
          const admin = await this.admins.findByEmail(normaliseAdminEmail(email));
          return admin && { id: admin.adminId, email: admin.email };
        },
        codes: adminResetCodes(this.codes),
        now: () => this.clock.now(),
        matches: (account, code, codeHash) => this.adminCodes.matches(account.id, 'password-reset', account.email, code, codeHash),
        invalid: INVALID,
        transaction: (work) => this.uow.run(work),
        hashPassword: (password) => this.hasher.hash(password),
      },
      reset,
      async (account, passwordHash) => {
        if (!(await this.admins.changePassword(account.id, passwordHash))) return null;
        // The actor is the admin who proved the mailed code; no secret goes into the log.
        await this.audit.record({ id: account.id, role: 'admin' }, { action: 'admin.password.reset', entity: 'admin', entityId: account.id });
        return account;
      },
    );
  }
}

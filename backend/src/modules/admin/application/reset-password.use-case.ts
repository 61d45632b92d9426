import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { Clock } from '../../../platform/time/clock';
import { normaliseAdminEmail } from '../domain/admin';
import { ADMIN_CODE_MAX_TRIES, codeState } from '../domain/admin-code';
import { invalidCode } from '../domain/admin.errors';
import { AdminRepository } from './admin.repository.port';
import { AdminCodeRepository } from './admin-code.repository.port';
import { AdminCodes } from './admin-codes';

const INVALID = invalidCode;

export interface PasswordReset {
  email: string;
  otp: string;
  newPassword: string;
}

/**
 * POST /admin/reset-password: a mailed code sets a new password. Every entry counts against the
 * code's 5 tries; after the last the code is dead. Unknown address, no code, expired, used up or
 * wrong: all the same 400, so the call tells nothing about which addresses are admins'. The new
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
    const admin = await this.admins.findByEmail(normaliseAdminEmail(reset.email));
    const code = admin ? await this.codes.find(admin.adminId, 'password-reset') : null;
    if (!admin || !code || codeState(code, this.clock.now()) !== 'open') throw INVALID();

    const used = await this.codes.claimTry(admin.adminId, 'password-reset', code.codeHash, ADMIN_CODE_MAX_TRIES);
    // The hash covers the address: a code sent before an e-mail change matches nothing now.
    if (used === null || !this.adminCodes.matches(admin.adminId, 'password-reset', admin.email, reset.otp, code.codeHash)) throw INVALID();

    const passwordHash = await this.hasher.hash(reset.newPassword);
    await this.uow.run(async () => {
      if (!(await this.codes.consume(admin.adminId, 'password-reset', code.codeHash))) throw INVALID();
      if (!(await this.admins.changePassword(admin.adminId, passwordHash))) throw INVALID();
      // The actor is the admin who proved the mailed code; no secret goes into the log.
      await this.audit.record({ id: admin.adminId, role: 'admin' }, { action: 'admin.password.reset', entity: 'admin', entityId: admin.adminId });
    });
  }
}

import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import { sessionEnded } from '../../../platform/auth/auth.errors';
import type { Principal } from '../../../platform/auth/principal';
import { SessionTokens } from '../../../platform/auth/session-tokens';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { ADMIN_CODE_MAX_TRIES, codeState } from '../domain/admin-code';
import { invalidCode } from '../domain/admin.errors';
import { AdminRepository } from './admin.repository.port';
import { AdminCodeRepository } from './admin-code.repository.port';
import { AdminCodes } from './admin-codes';
import { emailChangedNotice } from './admin-mails';
import { adminSession, type AdminSession } from './admin-session';
import { loadOwnAccount } from './own-account';

const INVALID = invalidCode;
const LOCKED = () => new AppError('rate_limited', 'Too many wrong codes. Please request a new code.', 'code_locked');

export interface EmailChangeProof {
  adminId: string;
  otp: string;
}

/**
 * POST /admin/update-email/verify (Settings, step 2): the code mailed to the new address switches
 * the account to it. Every entry counts against the code's 5 tries. The switch raises the token
 * version (every other session ends, this one gets a new token). In the same transaction: the audit
 * log entry (admin.email.update, old and new address) and the notice to the old address, which was
 * told of the request already (with the link that stops it, or undoes it until the link expires).
 */
@Injectable()
export class VerifyEmailChangeUseCase {
  constructor(
    private readonly admins: AdminRepository,
    private readonly codes: AdminCodeRepository,
    private readonly adminCodes: AdminCodes,
    private readonly tokens: SessionTokens,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Principal, proof: EmailChangeProof): Promise<AdminSession> {
    const admin = await loadOwnAccount(this.admins, caller, proof.adminId);
    const code = await this.codes.find(admin.adminId, 'email-change');
    const state = codeState(code, this.clock.now());
    if (state === 'locked') throw LOCKED();
    if (state !== 'open' || !code) throw INVALID();

    const used = await this.codes.claimTry(admin.adminId, 'email-change', code.codeHash, ADMIN_CODE_MAX_TRIES);
    if (used === null) throw LOCKED();
    if (!this.adminCodes.matches(admin.adminId, 'email-change', code.email, proof.otp, code.codeHash)) {
      throw used >= ADMIN_CODE_MAX_TRIES ? LOCKED() : INVALID();
    }

    const updated = await this.uow.run(async () => {
      if (!(await this.codes.consume(admin.adminId, 'email-change', code.codeHash))) throw INVALID();
      // The old address was told at the request, with a way to stop it: no change without that notice.
      const stop = await this.codes.find(admin.adminId, 'email-change-stop');
      if (!stop || stop.email !== admin.email) throw INVALID();
      const changed = await this.admins.changeEmail(admin.adminId, code.email);
      if (!changed) throw sessionEnded();
      await this.audit.record(caller, {
        action: 'admin.email.update',
        entity: 'admin',
        entityId: admin.adminId,
        before: { email: admin.email },
        after: { email: changed.email },
      });
      // Into the mail outbox in this transaction: the notice goes if and only if the change holds.
      await this.mailer.send(emailChangedNotice(admin.email, changed.email, stop.expiresAt));
      return changed;
    });
    return adminSession(this.tokens, updated);
  }
}

import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { Clock } from '../../../platform/time/clock';
import { AdminRepository } from './admin.repository.port';
import { AdminCodeRepository } from './admin-code.repository.port';
import { AdminCodes } from './admin-codes';

const INVALID = () => new AppError('invalid', 'This link is not valid any more.', 'invalid_stop_link');

export const EMAIL_CHANGE_STOPPED_MESSAGE = 'The e-mail change was stopped and every session of the account has ended. Set a new password now with "Forgot password".';

/**
 * POST /admin/update-email/stop: the link mailed to the OLD address at an e-mail change request
 * (`<adminId>.<secret>`). While the change waits for its code it is dropped; once it took effect,
 * the old address comes back. Either way whoever asked knew the password, so the password is
 * replaced by an unusable one (the owner sets a new one with "Forgot password", to the address that
 * is theirs again) and every session of the account ends. The link works once. Audited as
 * admin.email.stop, with the address before and after.
 */
@Injectable()
export class StopEmailChangeUseCase {
  constructor(
    private readonly admins: AdminRepository,
    private readonly codes: AdminCodeRepository,
    private readonly adminCodes: AdminCodes,
    private readonly hasher: PasswordHasher,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(link: string): Promise<void> {
    const [adminId, secret, ...rest] = link.trim().split('.');
    if (!adminId || !secret || rest.length > 0) throw INVALID();
    const admin = await this.admins.findById(adminId);
    const stop = admin ? await this.codes.find(admin.adminId, 'email-change-stop') : null;
    if (!admin || !stop || stop.expiresAt <= this.clock.now()) throw INVALID();
    if (!this.adminCodes.matches(admin.adminId, 'email-change-stop', stop.email, secret, stop.codeHash)) throw INVALID();

    const unusable = await this.hasher.hash(randomBytes(32).toString('base64url'));
    await this.uow.run(async () => {
      if (!(await this.codes.consume(admin.adminId, 'email-change-stop', stop.codeHash))) throw INVALID();
      await this.codes.remove(admin.adminId, 'email-change');
      if (admin.email !== stop.email && !(await this.admins.changeEmail(admin.adminId, stop.email))) throw INVALID();
      // Raises the token version too: every session ends.
      if (!(await this.admins.changePassword(admin.adminId, unusable))) throw INVALID();
      await this.audit.record(
        { id: admin.adminId, role: 'admin' },
        { action: 'admin.email.stop', entity: 'admin', entityId: admin.adminId, before: { email: admin.email }, after: { email: stop.email } },
      );
    });
  }
}

import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { AppConfig } from '../../../platform/config/app-config';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { Mailer } from '../../../platform/mail/mailer';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { Clock } from '../../../platform/time/clock';
import { normaliseAdminEmail } from '../domain/admin';
import { emailInUse } from '../domain/admin.errors';
import { ADMIN_CODE_RESEND_COOLDOWN_MS, ADMIN_CODE_TTL_MS, EMAIL_CHANGE_STOP_WINDOW_MS, resendWaitMs } from '../domain/admin-code';
import { AdminRepository } from './admin.repository.port';
import { AdminCodeRepository } from './admin-code.repository.port';
import { AdminCodes } from './admin-codes';
import { emailChangeMail, emailChangeRequestedNotice } from './admin-mails';
import { loadOwnAccount } from './own-account';

export interface EmailChangeRequest {
  adminId: string;
  newEmail: string;
  /** The account's password: a session token alone (a stolen one) cannot move the account away. */
  currentPassword: string;
}

/** Where the link of the notice to the old address lands: the admin login, which offers to stop the change. */
export function stopLinkOf(publicUrl: string, adminId: string, secret: string): string {
  return `${publicUrl}/admin/login?stop-email-change=${encodeURIComponent(`${adminId}.${secret}`)}`;
}

/**
 * POST /admin/update-email/request (Settings, step 1). With the account's current password: mails a
 * code to the NEW address, which proves the admin can read it, and tells the OLD address at once,
 * before anything changes, with a link that stops the change (and, for 72 hours, puts the address
 * back if it took effect meanwhile). The address switches only when the code comes back (step 2).
 * Within 72 hours of a change that took effect, no other change may be requested (a second change
 * would otherwise take the address the link protects further away).
 */
@Injectable()
export class RequestEmailChangeUseCase {
  private readonly logger = new Logger('AdminAuth');

  constructor(
    private readonly admins: AdminRepository,
    private readonly codes: AdminCodeRepository,
    private readonly adminCodes: AdminCodes,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  async execute(caller: Principal, request: EmailChangeRequest): Promise<void> {
    const admin = await loadOwnAccount(this.admins, caller, request.adminId);
    if (!(await this.hasher.verify(request.currentPassword, admin.passwordHash))) {
      throw new AppError('invalid', 'Current password is incorrect.', 'current_password_incorrect');
    }
    const email = normaliseAdminEmail(request.newEmail);
    if (email === admin.email) throw new AppError('invalid', 'newEmail is already the e-mail address of your account.', 'same_email');
    if (await this.admins.findByEmail(email)) throw emailInUse();

    const now = this.clock.now();
    const stop = await this.codes.find(admin.adminId, 'email-change-stop');
    if (stop && stop.expiresAt > now && stop.email !== admin.email) {
      throw new AppError(
        'conflict',
        `Your e-mail address was changed less than 72 hours ago. It can change again after ${stop.expiresAt.toUTCString()}.`,
        'email_changed_recently',
      );
    }
    const wait = resendWaitMs(await this.codes.find(admin.adminId, 'email-change'), now);
    if (wait > 0) throw tooSoon(wait);

    const code = this.adminCodes.generate();
    const stopSecret = randomBytes(32).toString('base64url');
    const stopUntil = new Date(now.getTime() + EMAIL_CHANGE_STOP_WINDOW_MS);
    try {
      // Both codes and both mails (into the outbox) commit together: no change without its notice.
      await this.uow.run(async () => {
        const stored = await this.codes.replaceUnlessSentAfter(
          {
            adminId: admin.adminId,
            purpose: 'email-change',
            email,
            codeHash: this.adminCodes.hash(admin.adminId, 'email-change', email, code),
            sentAt: now,
            expiresAt: new Date(now.getTime() + ADMIN_CODE_TTL_MS),
            tries: 0,
          },
          new Date(now.getTime() - ADMIN_CODE_RESEND_COOLDOWN_MS),
        );
        if (!stored) throw tooSoon(ADMIN_CODE_RESEND_COOLDOWN_MS);
        // The newest notice's link is the one that works; its address is the one the account has now.
        await this.codes.replaceUnlessSentAfter(
          {
            adminId: admin.adminId,
            purpose: 'email-change-stop',
            email: admin.email,
            codeHash: this.adminCodes.hash(admin.adminId, 'email-change-stop', admin.email, stopSecret),
            sentAt: now,
            expiresAt: stopUntil,
            tries: 0,
          },
          now,
        );
        await this.mailer.send(emailChangeRequestedNotice(admin.email, email, stopLinkOf(this.config.publicUrl, admin.adminId, stopSecret), stopUntil));
        await this.mailer.send(emailChangeMail(email, code));
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.logger.error(`Could not send an admin e-mail change code: ${(error as Error).message}`);
      throw new AppError('unavailable', 'Unable to send the code. Please try again in a moment.', 'mail_unavailable');
    }
  }
}

function tooSoon(waitMs: number): AppError {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError('rate_limited', `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new code.`, 'code_cooldown', seconds);
}

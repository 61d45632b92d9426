import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { normaliseAdminEmail } from '../domain/admin';
import { ADMIN_CODE_RESEND_COOLDOWN_MS, ADMIN_CODE_TTL_MS, resendWaitMs } from '../domain/admin-code';
import { AdminRepository } from './admin.repository.port';
import { AdminCodeRepository } from './admin-code.repository.port';
import { AdminCodes } from './admin-codes';
import { emailChangeMail } from './admin-mails';
import { loadOwnAccount } from './own-account';

export interface EmailChangeRequest {
  adminId: string;
  newEmail: string;
}

/**
 * POST /admin/update-email/request (Settings, step 1): mails a code to the NEW address, which proves
 * the admin can read it. The address switches only when the code comes back (step 2).
 */
@Injectable()
export class RequestEmailChangeUseCase {
  private readonly logger = new Logger('AdminAuth');

  constructor(
    private readonly admins: AdminRepository,
    private readonly codes: AdminCodeRepository,
    private readonly adminCodes: AdminCodes,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Principal, request: EmailChangeRequest): Promise<void> {
    const admin = await loadOwnAccount(this.admins, caller, request.adminId);
    const email = normaliseAdminEmail(request.newEmail);
    if (email === admin.email) throw new AppError('invalid', 'newEmail is already the e-mail address of your account.', 'same_email');
    if (await this.admins.findByEmail(email)) throw new AppError('conflict', 'This email is already in use.', 'email_taken');

    const now = this.clock.now();
    const wait = resendWaitMs(await this.codes.find(admin.adminId, 'email-change'), now);
    if (wait > 0) throw tooSoon(wait);
    const code = this.adminCodes.generate();
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
    try {
      await this.mailer.send(emailChangeMail(email, code));
    } catch (error) {
      this.logger.error(`Could not send an admin e-mail change code: ${(error as Error).message}`);
      await this.codes.remove(admin.adminId, 'email-change');
      throw new AppError('unavailable', 'Unable to send the code. Please try again in a moment.', 'mail_unavailable');
    }
  }
}

function tooSoon(waitMs: number): AppError {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError('rate_limited', `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new code.`, 'code_cooldown', seconds);
}

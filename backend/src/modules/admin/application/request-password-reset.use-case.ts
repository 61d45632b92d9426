import { Injectable, Logger } from '@nestjs/common';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { normaliseAdminEmail } from '../domain/admin';
import { ADMIN_CODE_RESEND_COOLDOWN_MS, ADMIN_CODE_TTL_MS, resendWaitMs } from '../domain/admin-code';
import { AdminRepository } from './admin.repository.port';
import { AdminCodeRepository } from './admin-code.repository.port';
import { AdminCodes } from './admin-codes';
import { passwordResetMail } from './admin-mails';

/**
 * POST /admin/forgot-password: mails a reset code to the admin's address (mail outbox, then the
 * queue). The caller learns nothing: an unknown address, a request within the 60 s cooldown and a
 * mail that could not be stored all end like a sent code (the controller answers the same text), so
 * the call cannot tell which addresses belong to admins. The cooldown and a failed mail are logged.
 */
@Injectable()
export class RequestPasswordResetUseCase {
  private readonly logger = new Logger('AdminAuth');

  constructor(
    private readonly admins: AdminRepository,
    private readonly codes: AdminCodeRepository,
    private readonly adminCodes: AdminCodes,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  async execute(rawEmail: string): Promise<void> {
    const admin = await this.admins.findByEmail(normaliseAdminEmail(rawEmail));
    if (!admin) return;
    const now = this.clock.now();
    if (resendWaitMs(await this.codes.find(admin.adminId, 'password-reset'), now) > 0) {
      this.logger.warn('A password reset code was asked for again within the cooldown; none was sent');
      return;
    }
    const code = this.adminCodes.generate();
    const stored = await this.codes.replaceUnlessSentAfter(
      {
        adminId: admin.adminId,
        purpose: 'password-reset',
        email: admin.email,
        codeHash: this.adminCodes.hash(admin.adminId, 'password-reset', admin.email, code),
        sentAt: now,
        expiresAt: new Date(now.getTime() + ADMIN_CODE_TTL_MS),
        tries: 0,
      },
      new Date(now.getTime() - ADMIN_CODE_RESEND_COOLDOWN_MS),
    );
    // Another request won the race a moment ago: its code is on the way.
    if (!stored) return;
    try {
      await this.mailer.send(passwordResetMail(admin.email, code));
    } catch (error) {
      this.logger.error(`Could not send an admin password reset mail: ${(error as Error).message}`);
      await this.codes.remove(admin.adminId, 'password-reset');
    }
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { Mailer } from '../../../platform/mail/mailer';
import { mailRecoveryCode } from '../../../platform/security/account-recovery';
import { Clock } from '../../../platform/time/clock';
import { normaliseAdminEmail } from '../domain/admin';
import { AdminRepository } from './admin.repository.port';
import { AdminCodeRepository } from './admin-code.repository.port';
import { AdminCodes } from './admin-codes';
import { adminResetCodes } from './admin-reset-codes';
import { passwordResetMail } from './admin-mails';

/**
 * POST /admin/forgot-password: mails a reset code to the admin's address, with platform's account
 * recovery, the customers' mechanism (docs/accounts.md#password-reset). The caller learns nothing
 * (the controller answers the same text), so the call cannot tell which addresses belong to admins.
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

  execute(rawEmail: string): Promise<void> {
    return mailRecoveryCode(
      {
        name: 'admin',
        findAccount: async (email) => {
          const admin = await this.admins.findByEmail(normaliseAdminEmail(email));
          return admin && { id: admin.adminId, email: admin.email };
        },
        codes: adminResetCodes(this.codes),
        now: () => this.clock.now(),
        generate: () => this.adminCodes.generate(),
        hash: (account, code) => this.adminCodes.hash(account.id, 'password-reset', account.email, code),
        mail: passwordResetMail,
        sendMail: (mail) => this.mailer.send(mail),
        logger: this.logger,
      },
      rawEmail,
    );
  }
}

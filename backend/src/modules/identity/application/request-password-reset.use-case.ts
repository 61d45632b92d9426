import { Injectable, Logger } from '@nestjs/common';
import { Mailer } from '../../../platform/mail/mailer';
import { mailRecoveryCode } from '../../../platform/security/account-recovery';
import { Clock } from '../../../platform/time/clock';
import { normaliseEmail } from '../domain/user';
import { OtpCodes } from './otp-codes';
import { passwordResetMail } from './otp-mail';
import { customerResetCodes } from './password-reset-codes';
import { PasswordResetCodeRepository } from './password-reset-code.repository.port';
import { UserRepository } from './user.repository.port';

/**
 * POST /user/forgot-password: mails a reset code to a customer's address, with platform's
 * account recovery (docs/accounts.md#password-reset): the caller learns nothing, so the call cannot
 * tell which addresses have accounts. An account made by Google sign-in gets a code too: the code
 * proves the address, so its owner may give the account a password.
 */
@Injectable()
export class RequestPasswordResetUseCase {
  private readonly logger = new Logger('CustomerPasswordReset');

  constructor(
    private readonly users: UserRepository,
    private readonly resetCodes: PasswordResetCodeRepository,
    private readonly codes: OtpCodes,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  execute(rawEmail: string): Promise<void> {
    return mailRecoveryCode(
      {
        name: 'customer',
        findAccount: async (email) => {
          const user = await this.users.findByEmail(normaliseEmail(email));
          return user && { id: user.userId, email: user.email };
        },
        codes: customerResetCodes(this.resetCodes),
        now: () => this.clock.now(),
        generate: () => this.codes.generate(),
        hash: (account, code) => this.codes.hashReset(account.id, account.email, code),
        mail: passwordResetMail,
        sendMail: (mail) => this.mailer.send(mail),
        logger: this.logger,
      },
      rawEmail,
    );
  }
}

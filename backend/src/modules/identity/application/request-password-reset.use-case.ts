import { Injectable, Logger } from '@nestjs/common';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { RESET_CODE_RESEND_COOLDOWN_MS, RESET_CODE_TTL_MS, resetResendWaitMs } from '../domain/password-reset';
import { normaliseEmail } from '../domain/user';
import { OtpCodes } from './otp-codes';
import { passwordResetMail } from './otp-mail';
import { PasswordResetCodeRepository } from './password-reset-code.repository.port';
import { UserRepository } from './user.repository.port';

/**
 * POST /user/forgot-password: mails a reset code to a customer's address. The caller learns
 * nothing: an unknown address, a request within the 60 s cooldown and a mail that could not be
 * queued all end like a sent code (the controller answers the same text), so the call cannot tell
 * which addresses have accounts. An account made by Google sign-in gets a code too: the code proves
 * the address, so its owner may give the account a password.
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

  async execute(rawEmail: string): Promise<void> {
    const user = await this.users.findByEmail(normaliseEmail(rawEmail));
    if (!user) return;
    const now = this.clock.now();
    if (resetResendWaitMs(await this.resetCodes.find(user.userId), now) > 0) {
      this.logger.warn('A password reset code was asked for again within the cooldown; none was sent');
      return;
    }
    const code = this.codes.generate();
    const stored = await this.resetCodes.replaceUnlessSentAfter(
      {
        userId: user.userId,
        email: user.email,
        codeHash: this.codes.hashReset(user.userId, user.email, code),
        sentAt: now,
        expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
        tries: 0,
      },
      new Date(now.getTime() - RESET_CODE_RESEND_COOLDOWN_MS),
    );
    // Another request won the race a moment ago: its code is on the way.
    if (!stored) return;
    try {
      await this.mailer.send(passwordResetMail(user.email, code));
    } catch (error) {
      this.logger.error(`Could not queue a password reset mail: ${(error as Error).message}`);
      await this.resetCodes.remove(user.userId);
    }
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { AppError } from '../../../platform/errors/app-error';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS, resendWaitMs } from '../domain/email-verification';
import { normaliseEmail } from '../domain/user';
import { EmailVerificationRepository } from './email-verification.repository.port';
import { OtpCodes } from './otp-codes';
import { accountExistsMail, otpMail } from './otp-mail';
import { UserRepository } from './user.repository.port';

/**
 * Register step 1: mail a fresh 6-digit code to an address that has no account yet. An address that
 * has one gets a mail saying so instead (how to sign in), and the caller gets the very same answer,
 * cooldown and limits included: the call cannot tell which addresses have accounts. So that the
 * following steps cannot tell either, such an address gets a code row too, of a code nobody was
 * sent: verify-otp counts and refuses guesses at it exactly as at any code.
 */
@Injectable()
export class RequestOtpUseCase {
  private readonly logger = new Logger(RequestOtpUseCase.name);

  constructor(
    private readonly users: UserRepository,
    private readonly verifications: EmailVerificationRepository,
    private readonly codes: OtpCodes,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  async execute(rawEmail: string): Promise<void> {
    const email = normaliseEmail(rawEmail);
    const registered = (await this.users.findByEmail(email)) !== null;
    const now = this.clock.now();
    const wait = resendWaitMs(await this.verifications.findByEmail(email), now);
    if (wait > 0) throw this.tooSoon(wait);

    const code = this.codes.generate();
    const stored = await this.verifications.replaceUnlessSentAfter(
      {
        email,
        codeHash: this.codes.hash(email, code),
        sentAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        wrongTries: 0,
        verifiedAt: null,
      },
      new Date(now.getTime() - OTP_RESEND_COOLDOWN_MS),
    );
    // Another request for the same address won the race a moment ago.
    if (!stored) throw this.tooSoon(OTP_RESEND_COOLDOWN_MS);

    try {
      await this.mailer.send(registered ? accountExistsMail(email, `${this.config.publicUrl}/login`) : otpMail(email, code));
    } catch (error) {
      this.logger.error(`Could not queue the verification mail: ${(error as Error).message}`);
      await this.verifications.remove(email);
      throw new AppError('unavailable', 'Unable to send OTP. Please try again in a moment.', 'mail_unavailable');
    }
  }

  private tooSoon(waitMs: number): AppError {
    const seconds = Math.ceil(waitMs / 1000);
    return new AppError('rate_limited', `Please wait ${seconds} seconds before requesting a new code.`, 'otp_cooldown', seconds);
  }
}

import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import { Clock } from '../../../platform/time/clock';
import { checkableState, type EmailVerification, OTP_MAX_WRONG_TRIES, resendWaitMs } from '../domain/email-verification';
import { normaliseEmail } from '../domain/user';
import { EmailVerificationRepository } from './email-verification.repository.port';
import { OtpCodes } from './otp-codes';

/** Retry-After: when a new code may be requested (the 60 s since the last one). */
const LOCKED = (verification: EmailVerification, now: Date) =>
  new AppError('rate_limited', 'Too many wrong codes. Please request a new code.', 'otp_locked', resendWaitMs(verification, now) / 1000);

/**
 * Register step 2: check the code. Every entry claims one of the code's tries before it is compared
 * (so parallel guesses cannot exceed OTP_MAX_WRONG_TRIES); the right code gives its try back. After
 * the last wrong one the code is dead and a new one must be requested. Register counts its entries
 * against the same tries.
 */
@Injectable()
export class VerifyOtpUseCase {
  constructor(
    private readonly verifications: EmailVerificationRepository,
    private readonly codes: OtpCodes,
    private readonly clock: Clock,
  ) {}

  async execute(rawEmail: string, otp: string): Promise<void> {
    const email = normaliseEmail(rawEmail);
    const verification = await this.verifications.findByEmail(email);
    const now = this.clock.now();
    const state = checkableState(verification, now);
    if (state === 'missing') throw new AppError('invalid', 'Invalid OTP. Please request a new code.', 'otp_invalid');
    const current = verification!;
    if (state === 'locked') throw LOCKED(current, now);
    if (state === 'expired') throw new AppError('invalid', 'This code has expired. Please request a new one.', 'otp_expired');

    // Entering the right code again after verifying (a double click) costs no try.
    if (current.verifiedAt && this.codes.matches(email, otp, current.codeHash)) return;

    const used = await this.verifications.claimTry(email, current.codeHash, OTP_MAX_WRONG_TRIES);
    if (used === null) throw LOCKED(current, now);
    if (this.codes.matches(email, otp, current.codeHash)) {
      await this.verifications.markVerified(email, current.codeHash, now);
      await this.verifications.giveBackTry(email, current.codeHash);
      return;
    }
    const left = OTP_MAX_WRONG_TRIES - used;
    if (left <= 0) throw LOCKED(current, now);
    throw new AppError('invalid', `Invalid OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'otp_invalid');
  }
}

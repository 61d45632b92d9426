import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import { Clock } from '../../../platform/time/clock';
import { checkableState, OTP_MAX_WRONG_TRIES } from '../domain/email-verification';
import { normaliseEmail } from '../domain/user';
import { EmailVerificationRepository } from './email-verification.repository.port';
import { OtpCodes } from './otp-codes';

const LOCKED = () =>
  new AppError('rate_limited', 'Too many wrong codes. Please request a new code.', 'otp_locked');

/**
 * Register step 2: check the code. Every entry counts against the code's tries (at most
 * OTP_MAX_WRONG_TRIES); after the last one the code is dead and a new one must be requested.
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
    if (state === 'locked') throw LOCKED();
    if (state === 'expired') throw new AppError('invalid', 'This code has expired. Please request a new one.', 'otp_expired');
    const current = verification!;

    // Entering the right code again after verifying (a double click) costs no try.
    if (current.verifiedAt && this.codes.matches(email, otp, current.codeHash)) return;

    const used = await this.verifications.claimTry(email, current.codeHash, OTP_MAX_WRONG_TRIES);
    if (used === null) throw LOCKED();
    if (this.codes.matches(email, otp, current.codeHash)) {
      await this.verifications.markVerified(email, now);
      return;
    }
    const left = OTP_MAX_WRONG_TRIES - used;
    if (left <= 0) throw LOCKED();
    throw new AppError('invalid', `Invalid OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'otp_invalid');
  }
}

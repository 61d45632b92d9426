import { Injectable } from '@nestjs/common';
import { SessionTokens } from '../../../platform/auth/session-tokens';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { Clock } from '../../../platform/time/clock';
import { RESET_CODE_MAX_TRIES, resetCodeIsOpen } from '../domain/password-reset';
import { normaliseEmail } from '../domain/user';
import { OtpCodes } from './otp-codes';
import { PasswordResetCodeRepository } from './password-reset-code.repository.port';
import type { SignInResult } from './sign-in.result';
import { UserRepository } from './user.repository.port';

export const INVALID_RESET_CODE_MESSAGE = 'Invalid or expired code. Please check it or request a new one.';
const INVALID = () => new AppError('invalid', INVALID_RESET_CODE_MESSAGE, 'invalid_code');

export interface PasswordReset {
  email: string;
  otp: string;
  newPassword: string;
}

/**
 * POST /user/reset-password: the mailed code sets a new password and signs the customer in.
 * Every entry counts against the code's 5 tries (claimed before the comparison, so parallel guesses
 * cannot exceed them); after the last the code is dead. Unknown address, no code, expired, used up
 * or wrong: all the same 400, so the call tells nothing about which addresses have accounts. The
 * new password raises the token version in the same UPDATE, so every older session ends; the answer
 * carries a session under the new version. The code also proves the address (emailVerifiedAt).
 */
@Injectable()
export class ResetPasswordUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly resetCodes: PasswordResetCodeRepository,
    private readonly codes: OtpCodes,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SessionTokens,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(reset: PasswordReset): Promise<SignInResult> {
    const user = await this.users.findByEmail(normaliseEmail(reset.email));
    const code = user ? await this.resetCodes.find(user.userId) : null;
    const now = this.clock.now();
    if (!user || !resetCodeIsOpen(code, now)) throw INVALID();

    const used = await this.resetCodes.claimTry(user.userId, code.codeHash, RESET_CODE_MAX_TRIES);
    // The hash covers the address: a code sent to an older address matches nothing now.
    if (used === null || !this.codes.matchesReset(user.userId, user.email, reset.otp, code.codeHash)) throw INVALID();

    const passwordHash = await this.hasher.hash(reset.newPassword);
    const updated = await this.uow.run(async () => {
      // A code works once: of two parallel right entries, one consumes it and the other is refused.
      if (!(await this.resetCodes.consume(user.userId, code.codeHash))) throw INVALID();
      const changed = await this.users.resetPassword(user.userId, passwordHash, now);
      if (!changed) throw INVALID();
      return changed;
    });
    return { token: await this.tokens.sign({ id: updated.userId, role: 'customer' }, updated.tokenVersion), user: updated };
  }
}

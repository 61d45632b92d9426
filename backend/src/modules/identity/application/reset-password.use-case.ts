import { Injectable } from '@nestjs/common';
import { SessionTokens } from '../../../platform/auth/session-tokens';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { redeemRecoveryCode } from '../../../platform/security/account-recovery';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { Clock } from '../../../platform/time/clock';
import { normaliseEmail } from '../domain/user';
import { OtpCodes } from './otp-codes';
import { customerResetCodes } from './password-reset-codes';
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
 * POST /user/reset-password: the mailed code sets a new password and signs the customer in, with
 * platform's account recovery (docs/accounts.md#password-reset: 5 tries, one use, one 400 for every
 * refusal). The new password raises the token version in the same UPDATE, so every older session
 * ends; the answer carries a session under the new version. The code also proves the address
 * (emailVerifiedAt).
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
    const now = this.clock.now();
    const updated = await redeemRecoveryCode(
      {
        findAccount: async (email) => {
          const user = await this.users.findByEmail(normaliseEmail(email));
          return user && { id: user.userId, email: user.email };
        },
        codes: customerResetCodes(this.resetCodes),
        now: () => now,
        matches: (account, code, codeHash) => this.codes.matchesReset(account.id, account.email, code, codeHash),
        invalid: INVALID,
        transaction: (work) => this.uow.run(work),
        hashPassword: (password) => this.hasher.hash(password),
      },
      reset,
      (account, passwordHash) => this.users.resetPassword(account.id, passwordHash, now),
    );
    return { token: await this.tokens.sign({ id: updated.userId, role: 'customer' }, updated.tokenVersion), user: updated };
  }
}

import { Injectable } from '@nestjs/common';
import { SessionTokens } from '../../../platform/auth/session-tokens';
import { invalidCredentials } from '../../../platform/auth/auth.errors';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { normaliseEmail } from '../domain/user';
import type { SignInResult } from './sign-in.result';
import { UserRepository } from './user.repository.port';

const FAILED = invalidCredentials;

/**
 * E-mail and password sign-in. Every failure is the same 401, and an unknown address costs the
 * same hashing time as a wrong password, so neither the answer nor its timing tells whether an
 * address has an account.
 */
@Injectable()
export class LoginUseCase {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SessionTokens,
  ) {}

  async execute(rawEmail: string, password: string): Promise<SignInResult> {
    const user = await this.users.findByEmail(normaliseEmail(rawEmail));
    if (!user?.passwordHash) {
      this.dummyHash ??= this.hasher.hash('not-a-real-password');
      await this.hasher.verify(password, await this.dummyHash);
      throw FAILED();
    }
    if (!(await this.hasher.verify(password, user.passwordHash))) throw FAILED();
    return { token: await this.tokens.sign({ id: user.userId, role: 'customer' }, user.tokenVersion), user };
  }
}

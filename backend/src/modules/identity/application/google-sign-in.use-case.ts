import { Injectable } from '@nestjs/common';
import { SessionTokens } from '../../../platform/auth/session-tokens';
import { AppError } from '../../../platform/errors/app-error';
import { displayNameFor, normaliseEmail, type User } from '../domain/user';
import { GoogleIdentityVerifier } from './google-identity.verifier.port';
import type { SignInResult } from './sign-in.result';
import { UserRepository } from './user.repository.port';

const FAILED = () => new AppError('unauthorized', 'Google sign-in failed.', 'google_sign_in_failed');

/**
 * Continue with Google: a genuine ID token with a verified address signs in the account of that
 * Google id or address, creating it on the first sign-in.
 */
@Injectable()
export class GoogleSignInUseCase {
  constructor(
    private readonly google: GoogleIdentityVerifier,
    private readonly users: UserRepository,
    private readonly tokens: SessionTokens,
  ) {}

  async execute(idToken: string): Promise<SignInResult> {
    if (!this.google.configured) throw new AppError('unavailable', 'Google sign-in is not configured.', 'google_not_configured');
    const identity = await this.google.verify(idToken);
    if (!identity?.email || !identity.emailVerified) throw FAILED();
    const email = normaliseEmail(identity.email);

    let user: User | null = await this.users.findByGoogleId(identity.googleId);
    if (!user) {
      user = await this.users.findByEmail(email);
      if (user && user.googleId && user.googleId !== identity.googleId) throw FAILED();
      if (user && !user.googleId) await this.users.linkGoogleAccount(user.userId, identity.googleId);
    }
    user ??= await this.createAccount(email, identity.name, identity.googleId);
    return { token: await this.tokens.sign({ id: user.userId, role: 'customer' }, user.tokenVersion), user };
  }

  private async createAccount(email: string, name: string | null, googleId: string): Promise<User> {
    const newUser = {
      email,
      name: displayNameFor(name, email),
      phone: '',
      countryId: null,
      callingId: null,
      address: null,
      gender: null,
      passwordHash: null,
      googleId,
    };
    try {
      return await this.users.create(newUser);
    } catch (error) {
      // Two first sign-ins at once: the other one created the account.
      if (error instanceof AppError && error.kind === 'conflict') {
        const existing = await this.users.findByGoogleId(googleId);
        if (existing) return existing;
      }
      throw error;
    }
  }
}

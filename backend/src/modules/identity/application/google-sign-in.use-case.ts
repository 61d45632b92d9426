import { Injectable } from '@nestjs/common';
import { SessionTokens } from '../../../platform/auth/session-tokens';
import { AppError } from '../../../platform/errors/app-error';
import { Clock } from '../../../platform/time/clock';
import { displayNameFor, normaliseEmail, type User } from '../domain/user';
import { GoogleIdentityVerifier } from './google-identity.verifier.port';
import type { SignInResult } from './sign-in.result';
import { UserRepository } from './user.repository.port';

const FAILED = () => new AppError('unauthorized', 'Google sign-in failed.', 'google_sign_in_failed');

/**
 * Continue with Google: a genuine ID token with a verified address signs in the account of that
 * Google id or address, creating it on the first sign-in. Google's word proves the address: an
 * account that has no recorded proof yet gets it, and loses a password that was set before any
 * proof (whoever set it may have registered the address before its owner; their sessions end too).
 */
@Injectable()
export class GoogleSignInUseCase {
  constructor(
    private readonly google: GoogleIdentityVerifier,
    private readonly users: UserRepository,
    private readonly tokens: SessionTokens,
    private readonly clock: Clock,
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
    }
    // The first Google sign-in of an account made otherwise (or linked before proofs were recorded).
    if (user && (!user.googleId || !user.emailVerifiedAt)) {
      user = await this.users.recordGoogleProof(user.userId, identity.googleId, this.clock.now());
      if (!user) throw FAILED();
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
      emailVerifiedAt: this.clock.now(),
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

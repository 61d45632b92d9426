import { randomUUID } from 'node:crypto';
import { AppError } from '../../src/platform/errors/app-error';
import { CountryRepository } from '../../src/modules/identity/application/country.repository.port';
import { EmailVerificationRepository } from '../../src/modules/identity/application/email-verification.repository.port';
import { PasswordResetCodeRepository } from '../../src/modules/identity/application/password-reset-code.repository.port';
import { type GoogleIdentity, GoogleIdentityVerifier } from '../../src/modules/identity/application/google-identity.verifier.port';
import { SubscriptionCounts } from '../../src/modules/identity/application/subscription-counts.port';
import { type ProfileUpdate, UserRepository } from '../../src/modules/identity/application/user.repository.port';
import type { Country } from '../../src/modules/identity/domain/country';
import type { EmailVerification } from '../../src/modules/identity/domain/email-verification';
import type { PasswordResetCode } from '../../src/modules/identity/domain/password-reset';
import type { NewUser, User } from '../../src/modules/identity/domain/user';

/** In-memory fakes extending identity's ports, for the use-case unit specs. */

export class InMemoryUsers extends UserRepository {
  readonly rows = new Map<string, User>();
  async findByEmail(email: string) {
    return [...this.rows.values()].find((u) => u.email === email) ?? null;
  }
  async findById(userId: string) {
    return this.rows.get(userId) ?? null;
  }
  async findByGoogleId(googleId: string) {
    return [...this.rows.values()].find((u) => u.googleId === googleId) ?? null;
  }
  async create(user: NewUser) {
    if (await this.findByEmail(user.email)) throw new AppError('conflict', 'This email is already registered.', 'email_taken');
    const created: User = { ...user, userId: randomUUID(), tokenVersion: 0, createdAt: new Date() };
    this.rows.set(created.userId, created);
    return { ...created };
  }
  async updateProfile(userId: string, changes: ProfileUpdate) {
    const user = this.rows.get(userId);
    if (!user) return null;
    Object.assign(user, changes);
    if (changes.passwordHash !== undefined) user.tokenVersion += 1;
    return { ...user };
  }
  async resetPassword(userId: string, passwordHash: string, at: Date) {
    const user = this.rows.get(userId);
    if (!user) return null;
    Object.assign(user, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? at });
    user.tokenVersion += 1;
    return { ...user };
  }
  async endAllSessions(userId: string) {
    const user = this.rows.get(userId);
    if (!user) return null;
    user.tokenVersion += 1;
    return { ...user };
  }
  async tokenVersionOf(userId: string) {
    return this.rows.get(userId)?.tokenVersion ?? null;
  }
  async recordGoogleProof(userId: string, googleId: string, at: Date) {
    const user = this.rows.get(userId);
    if (!user || (user.googleId && user.googleId !== googleId)) return null;
    if (!user.emailVerifiedAt && user.passwordHash) {
      user.passwordHash = null;
      user.tokenVersion += 1;
    }
    Object.assign(user, { googleId, emailVerifiedAt: user.emailVerifiedAt ?? at });
    return { ...user };
  }
}

export class InMemoryVerifications extends EmailVerificationRepository {
  readonly rows = new Map<string, EmailVerification>();
  async findByEmail(email: string) {
    const row = this.rows.get(email);
    return row ? { ...row } : null;
  }
  async replaceUnlessSentAfter(verification: EmailVerification, sentBefore: Date) {
    const previous = this.rows.get(verification.email);
    if (previous && previous.sentAt > sentBefore) return false;
    this.rows.set(verification.email, { ...verification });
    return true;
  }
  async claimTry(email: string, codeHash: string, maxTries: number) {
    const row = this.rows.get(email);
    if (!row || row.codeHash !== codeHash || row.wrongTries >= maxTries) return null;
    row.wrongTries += 1;
    return row.wrongTries;
  }
  async giveBackTry(email: string, codeHash: string) {
    const row = this.rows.get(email);
    if (row?.codeHash === codeHash) row.wrongTries = Math.max(0, row.wrongTries - 1);
  }
  async markVerified(email: string, codeHash: string, at: Date) {
    const row = this.rows.get(email);
    if (row?.codeHash === codeHash) row.verifiedAt = at;
  }
  async remove(email: string) {
    this.rows.delete(email);
  }
}

export class InMemoryResetCodes extends PasswordResetCodeRepository {
  readonly rows = new Map<string, PasswordResetCode>();
  async find(userId: string) {
    const row = this.rows.get(userId);
    return row ? { ...row } : null;
  }
  async replaceUnlessSentAfter(code: PasswordResetCode, sentBefore: Date) {
    const previous = this.rows.get(code.userId);
    if (previous && previous.sentAt > sentBefore) return false;
    this.rows.set(code.userId, { ...code, tries: 0 });
    return true;
  }
  async claimTry(userId: string, codeHash: string, maxTries: number) {
    const row = this.rows.get(userId);
    if (!row || row.codeHash !== codeHash || row.tries >= maxTries) return null;
    row.tries += 1;
    return row.tries;
  }
  async consume(userId: string, codeHash: string) {
    if (this.rows.get(userId)?.codeHash !== codeHash) return false;
    return this.rows.delete(userId);
  }
  async remove(userId: string) {
    this.rows.delete(userId);
  }
}

export class InMemoryCountries extends CountryRepository {
  readonly india: Country = { countryId: randomUUID(), code: 'IN', name: 'India', callingCode: '+91', flag: '🇮🇳' };
  async listAll() {
    return [this.india];
  }
  async findById(countryId: string) {
    return countryId === this.india.countryId ? this.india : null;
  }
}

export class FixedSubscriptionCounts extends SubscriptionCounts {
  async countFor() {
    return { total: 3, active: 2, completed: 1 };
  }
  async countsFor(userIds: string[]) {
    return new Map(userIds.map((id) => [id, { total: 3, active: 2, completed: 1 }]));
  }
}

export class FakeGoogle extends GoogleIdentityVerifier {
  configured = true;
  identity: GoogleIdentity | null = { googleId: 'g-1', email: 'Gina@Gmail.com', emailVerified: true, name: 'Gina' };
  async verify() {
    return this.identity;
  }
}

export { ManualClock, PlainHasher, RecordingMailer } from '../support/fakes';

import type { NewUser, User } from '../domain/user';

/** Where customer accounts are kept. E-mail addresses are stored normalised (see normaliseEmail). */
export abstract class UserRepository {
  abstract findByEmail(email: string): Promise<User | null>;
  /** Null for an unknown id, including one that is not a valid id at all. */
  abstract findById(userId: string): Promise<User | null>;
  abstract findByGoogleId(googleId: string): Promise<User | null>;
  /** Throws AppError 'conflict' (email_taken) when the address is already registered. */
  abstract create(user: NewUser): Promise<User>;
  /**
   * Saves name and phone, and the password hash when given, in which case the token version rises
   * too (every other session ends); null when the user does not exist.
   */
  abstract updateProfile(userId: string, changes: { name: string; phone: string; passwordHash?: string }): Promise<User | null>;
  /** Raises the token version: every session token issued before ends. Null for an unknown user. */
  abstract endAllSessions(userId: string): Promise<User | null>;
  /** The account's token version, or null for an unknown (or deleted) account. */
  abstract tokenVersionOf(userId: string): Promise<number | null>;
  abstract linkGoogleAccount(userId: string, googleId: string): Promise<void>;
}

import type { Gender, NewUser, User } from '../domain/user';

/** The columns Edit Profile writes; an optional key left out keeps what is stored. */
export interface ProfileUpdate {
  name: string;
  phone: string;
  countryId?: string;
  callingId?: string;
  gender?: Gender;
  passwordHash?: string;
}

/** Where customer accounts are kept. E-mail addresses are stored normalised (see normaliseEmail). */
export abstract class UserRepository {
  abstract findByEmail(email: string): Promise<User | null>;
  /** Null for an unknown id, including one that is not a valid id at all. */
  abstract findById(userId: string): Promise<User | null>;
  abstract findByGoogleId(googleId: string): Promise<User | null>;
  /** Throws AppError 'conflict' (email_taken) when the address is already registered. */
  abstract create(user: NewUser): Promise<User>;
  /**
   * Saves name and phone, country, calling code and gender when given (a key left out keeps its
   * column), and the password hash when given, in which case the token version rises too (every
   * other session ends); null when the user does not exist.
   */
  abstract updateProfile(userId: string, changes: ProfileUpdate): Promise<User | null>;
  /**
   * A mailed code set a new password (at `at`): stores its hash, raises the token version (every
   * session token issued before ends) and records the proof of the address, in one UPDATE. Null for
   * an unknown user.
   */
  abstract resetPassword(userId: string, passwordHash: string, at: Date): Promise<User | null>;
  /** Raises the token version: every session token issued before ends. Null for an unknown user. */
  abstract endAllSessions(userId: string): Promise<User | null>;
  /** The account's token version, or null for an unknown (or deleted) account. */
  abstract tokenVersionOf(userId: string): Promise<number | null>;
  /**
   * Google proved the account's address (at `at`): links the Google id and records the proof. When
   * the account's password predates any proof (passwordPredatesProof), the same UPDATE removes the
   * password and raises the token version, so whoever set it loses the account. Null when the account
   * is gone or was linked to another Google id meanwhile.
   */
  abstract recordGoogleProof(userId: string, googleId: string, at: Date): Promise<User | null>;
}

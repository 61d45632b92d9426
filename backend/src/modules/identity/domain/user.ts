import { withoutBidiControls } from '../../../kernel/bidi-controls';

/** Gender as the registration form sends it: 0 male, 1 female, 2 other. */
export type Gender = 0 | 1 | 2;
export const GENDERS: readonly Gender[] = [0, 1, 2];

/**
 * A customer account. `passwordHash` is null for an account made by Google sign-in.
 * `emailVerifiedAt`: when the owner of the address was proven (the OTP at registration, Google); null
 * for an account from before such proof was recorded. A password on an account without it was set by
 * someone who may not own the address (see passwordPredatesProof).
 */
export interface User {
  userId: string;
  email: string;
  name: string;
  phone: string;
  countryId: string | null;
  callingId: string | null;
  address: string | null;
  gender: Gender | null;
  passwordHash: string | null;
  googleId: string | null;
  emailVerifiedAt: Date | null;
  /** Sessions signed under an older version are over (see platform/auth SessionVersions). */
  tokenVersion: number;
  createdAt: Date;
}

/** An account as it is created: everything but what the database gives it (its id, the first token version, the time). */
export type NewUser = Omit<User, 'userId' | 'tokenVersion' | 'createdAt'>;

/**
 * True when the account has a password that was set before anyone proved the address: whoever set
 * it may have squatted the address (registered it before its owner), so the owner's first proof
 * (a Google sign-in) takes the password away.
 */
export function passwordPredatesProof(user: Pick<User, 'passwordHash' | 'emailVerifiedAt'>): boolean {
  return user.passwordHash !== null && user.emailVerifiedAt === null;
}

/** The one spelling of an address used for lookups, uniqueness and rate limits. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The new-password rule the forms show before typing comes from the same place (@growth/contracts). */
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@growth/contracts';

/** A Google account's name (docs/product.md#accounts-and-sign-in), else the part of the e-mail before '@', else 'User'. */
export function displayNameFor(name: string | undefined | null, email: string | undefined | null): string {
  // Google's display name is typed by its owner too: kept without bidi controls (kernel/bidi-controls.ts).
  const fromName = name && withoutBidiControls(name).trim();
  if (fromName) return fromName.slice(0, 100);
  const local = email?.split('@')[0]?.trim();
  return local ? local.slice(0, 100) : 'User';
}

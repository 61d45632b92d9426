/** A staff account of the admin area. */
export interface Admin {
  adminId: string;
  /** Stored normalised (see normaliseAdminEmail); unique among admins. */
  email: string;
  passwordHash: string;
  /** Sessions signed under an older version are over (see platform/auth SessionVersions). */
  tokenVersion: number;
  createdAt: Date;
}

/** The one spelling of an admin address used for lookups and uniqueness. */
export function normaliseAdminEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** ADMIN.md: an admin's new password has at least 10 characters (ADMIN_PASSWORD has the same rule). */
export const MIN_ADMIN_PASSWORD_LENGTH = 10;
export const MAX_ADMIN_PASSWORD_LENGTH = 128;

/**
 * A customer's "Forgot Password?" code as stored (docs/accounts.md#password-reset). Its rules (valid
 * 10 minutes, at most 5 entries, a new one no sooner than 60 s after the last, works once) are
 * platform's account recovery, the same for admins.
 */
export interface PasswordResetCode {
  userId: string;
  /** The address the code went to; part of the hash, so the code dies if the address changes. */
  email: string;
  /** Keyed hash of the code: the code itself is never stored. */
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
  /** Entries counted so far, right or wrong. */
  tries: number;
}

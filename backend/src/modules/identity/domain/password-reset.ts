import { OTP_MAX_WRONG_TRIES, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from './email-verification';

/**
 * A customer's "Forgot Password?" code (docs/accounts.md): the rules of the registration codes
 * (6 random digits kept only as a keyed hash, valid 10 minutes, at most 5 entries, a new one no
 * sooner than 60 s after the last). At most one live code per account: a new one replaces it, and
 * the right code works once.
 */
export const RESET_CODE_TTL_MS = OTP_TTL_MS;
export const RESET_CODE_RESEND_COOLDOWN_MS = OTP_RESEND_COOLDOWN_MS;
export const RESET_CODE_MAX_TRIES = OTP_MAX_WRONG_TRIES;

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

/** Milliseconds to wait before another code may be mailed to this account (0: now). */
export function resetResendWaitMs(previous: PasswordResetCode | null, now: Date): number {
  if (!previous) return 0;
  return Math.max(0, previous.sentAt.getTime() + RESET_CODE_RESEND_COOLDOWN_MS - now.getTime());
}

/** Whether an entry may be compared with the code now. */
export function resetCodeIsOpen(code: PasswordResetCode | null, now: Date): code is PasswordResetCode {
  return !!code && code.tries < RESET_CODE_MAX_TRIES && code.expiresAt.getTime() > now.getTime();
}

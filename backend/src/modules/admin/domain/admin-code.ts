/**
 * One-time codes of the admin area, with the rules of the customer OTP (docs/product.md#accounts-and-sign-in): 6 random
 * digits, kept only as a keyed hash, valid 10 minutes, at most 5 tries, a new one no sooner than
 * 60 s after the last. Each admin has at most one live code per purpose: a new code replaces it.
 */
export type AdminCodePurpose = 'password-reset' | 'email-change' | 'email-change-stop';

export const ADMIN_CODE_LENGTH = 6;
export const ADMIN_CODE_TTL_MS = 10 * 60 * 1000;
export const ADMIN_CODE_RESEND_COOLDOWN_MS = 60 * 1000;
export const ADMIN_CODE_MAX_TRIES = 5;

/**
 * An e-mail change request mails the OLD address a link that stops the change, or puts the address
 * back once the change took effect, for this long after the request (an 'email-change-stop' code,
 * 32 random bytes rather than 6 digits, whose `email` is the address to keep). Meanwhile no other
 * change may follow one that took effect, so a second change cannot move the link's address away.
 */
export const EMAIL_CHANGE_STOP_WINDOW_MS = 72 * 60 * 60 * 1000;

export interface AdminCode {
  adminId: string;
  purpose: AdminCodePurpose;
  /** Where the code was sent: the admin's address for a reset, the new address for an e-mail change. */
  email: string;
  /** Keyed hash of the code: the code itself is never stored. */
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
  /** Entries counted so far, right or wrong. */
  tries: number;
}

/** Milliseconds to wait before another code of this purpose may be sent (0: now). */
export function resendWaitMs(previous: AdminCode | null, now: Date): number {
  if (!previous) return 0;
  return Math.max(0, previous.sentAt.getTime() + ADMIN_CODE_RESEND_COOLDOWN_MS - now.getTime());
}

/** What entering a code means now, before counting the entry. */
export function codeState(code: AdminCode | null, now: Date): 'missing' | 'locked' | 'expired' | 'open' {
  if (!code) return 'missing';
  if (code.tries >= ADMIN_CODE_MAX_TRIES) return 'locked';
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/**
 * The rules of the one-time codes that prove an e-mail address before registration (docs/product.md#accounts-and-sign-in).
 * One verification per address: a new code replaces the previous one.
 */
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_RESEND_COOLDOWN_MS = 60 * 1000;
export const OTP_MAX_WRONG_TRIES = 5;
/** Registration must follow a successful verification within this time. */
export const VERIFIED_FOR_MS = 30 * 60 * 1000;

export interface EmailVerification {
  email: string;
  /** HMAC of the code: the code itself is never stored. */
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
  wrongTries: number;
  /** When the code was entered correctly; null until then. */
  verifiedAt: Date | null;
}

/** Milliseconds to wait before another code may be sent to this address (0: now). */
export function resendWaitMs(previous: EmailVerification | null, now: Date): number {
  if (!previous) return 0;
  return Math.max(0, previous.sentAt.getTime() + OTP_RESEND_COOLDOWN_MS - now.getTime());
}

export type CodeCheck = 'verified' | 'wrong' | 'expired' | 'locked' | 'missing';

/** What entering a code means now, before counting it. */
export function checkableState(verification: EmailVerification | null, now: Date): CodeCheck | 'open' {
  if (!verification) return 'missing';
  if (verification.wrongTries >= OTP_MAX_WRONG_TRIES) return 'locked';
  if (verification.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/** True when the address was verified recently enough to register. */
export function isVerifiedForRegistration(verification: EmailVerification | null, now: Date): boolean {
  return !!verification?.verifiedAt && now.getTime() - verification.verifiedAt.getTime() <= VERIFIED_FOR_MS;
}

import type { AdminCode, AdminCodePurpose } from '../domain/admin-code';

/** The live one-time codes of admins, at most one per admin and purpose. Joins the caller's UnitOfWork. */
export abstract class AdminCodeRepository {
  abstract find(adminId: string, purpose: AdminCodePurpose): Promise<AdminCode | null>;
  /**
   * Stores a new code, replacing the admin's previous one of that purpose, unless the previous one
   * was sent after `sentBefore` (the resend cooldown). Atomic, so two simultaneous requests store
   * one code. False when the cooldown refused it.
   */
  abstract replaceUnlessSentAfter(code: AdminCode, sentBefore: Date): Promise<boolean>;
  /**
   * Counts one entry of the code whose hash is `codeHash`, if it has tries left. Returns the tries
   * used so far, or null when none is left (or the code was replaced or used meanwhile). Atomic, so
   * parallel guesses cannot exceed the limit.
   */
  abstract claimTry(adminId: string, purpose: AdminCodePurpose, codeHash: string, maxTries: number): Promise<number | null>;
  /** Removes the code if it is still the one with `codeHash`; true when this call removed it (a code works once). */
  abstract consume(adminId: string, purpose: AdminCodePurpose, codeHash: string): Promise<boolean>;
  abstract remove(adminId: string, purpose: AdminCodePurpose): Promise<void>;
}

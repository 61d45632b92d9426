import type { EmailVerification } from '../domain/email-verification';

/** Pending and completed e-mail verifications, one per address. */
export abstract class EmailVerificationRepository {
  abstract findByEmail(email: string): Promise<EmailVerification | null>;
  /**
   * Stores a new code for the address, replacing any previous one, unless the previous code was
   * sent after `sentBefore` (the resend cooldown). Atomic, so two simultaneous requests send one
   * code. Returns false when the cooldown refused it.
   */
  abstract replaceUnlessSentAfter(verification: EmailVerification, sentBefore: Date): Promise<boolean>;
  /**
   * Counts one entry of the code whose hash is `codeHash`, if it has tries left. Returns the tries
   * used so far, or null when none is left (or the code was replaced meanwhile). Atomic, so
   * parallel guesses cannot exceed the limit.
   */
  abstract claimTry(email: string, codeHash: string, maxTries: number): Promise<number | null>;
  /**
   * The entry that claimed a try was the right code: the try is given back, so only wrong entries
   * spend the budget (a right code entered at verify-otp and again at register costs nothing).
   */
  abstract giveBackTry(email: string, codeHash: string): Promise<void>;
  /** Marks the code whose hash is `codeHash` as entered correctly (no-op if it was replaced meanwhile). */
  abstract markVerified(email: string, codeHash: string, at: Date): Promise<void>;
  abstract remove(email: string): Promise<void>;
}

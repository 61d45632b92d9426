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
  abstract markVerified(email: string, at: Date): Promise<void>;
  abstract remove(email: string): Promise<void>;
}

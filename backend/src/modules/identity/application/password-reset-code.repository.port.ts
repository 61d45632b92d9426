import type { PasswordResetCode } from '../domain/password-reset';

/** The live "Forgot Password?" codes of customers, at most one per account. Joins the caller's UnitOfWork. */
export abstract class PasswordResetCodeRepository {
  abstract find(userId: string): Promise<PasswordResetCode | null>;
  /**
   * Stores a new code, replacing the account's previous one, unless that one was sent after
   * `sentBefore` (the resend cooldown). Atomic, so two simultaneous requests store one code. False
   * when the cooldown refused it.
   */
  abstract replaceUnlessSentAfter(code: PasswordResetCode, sentBefore: Date): Promise<boolean>;
  /**
   * Counts one entry of the code whose hash is `codeHash`, if it has tries left. Returns the tries
   * used so far, or null when none is left (or the code was replaced or used meanwhile). Atomic, so
   * parallel guesses cannot exceed the limit.
   */
  abstract claimTry(userId: string, codeHash: string, maxTries: number): Promise<number | null>;
  /** Removes the code if it is still the one with `codeHash`; true when this call removed it (a code works once). */
  abstract consume(userId: string, codeHash: string): Promise<boolean>;
  abstract remove(userId: string): Promise<void>;
}

import type { Logger } from '@nestjs/common';
import type { AppError } from '../errors/app-error';
import type { Mail } from '../mail/mail.port';

/**
 * "Forgot Password?" for customers and for admins: one mechanism behind both areas
 * (docs/accounts.md#password-reset): `mailRecoveryCode` and `redeemRecoveryCode`. A code of 6 random digits is mailed to the account's address,
 * kept only as a keyed hash bound to the account and the address, valid 10 minutes, at most 5
 * entries (claimed before the comparison, so parallel guesses cannot exceed them), no new one sooner
 * than 60 s after the last, and it works once. Each area says how it finds an account, stores codes,
 * hashes and mails them, and what a right code does (a customer is signed in; an admin's reset is
 * audited).
 */
export const RECOVERY_CODE_TTL_MS = 10 * 60 * 1000;
export const RECOVERY_CODE_RESEND_COOLDOWN_MS = 60 * 1000;
export const RECOVERY_CODE_MAX_TRIES = 5;

export interface RecoveryAccount {
  id: string;
  email: string;
}

/** A live code as an area stores it. */
export interface RecoveryCode {
  /** The address the code went to; part of the hash, so the code dies if the address changes. */
  email: string;
  /** Keyed hash of the code: the code itself is never stored. */
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
  /** Entries counted so far, right or wrong. */
  tries: number;
}

/** The live recovery codes of one area, at most one per account. Every method joins the caller's UnitOfWork. */
export interface RecoveryCodeStore {
  find(accountId: string): Promise<RecoveryCode | null>;
  /** Stores `code`, replacing the account's previous one unless that was sent after `sentBefore`; false when the cooldown refused it. */
  replaceUnlessSentAfter(accountId: string, code: RecoveryCode, sentBefore: Date): Promise<boolean>;
  /** Counts one entry of the code with `codeHash` if it has tries left: the tries used so far, or null when none is left. */
  claimTry(accountId: string, codeHash: string, maxTries: number): Promise<number | null>;
  /** Removes the code if it is still the one with `codeHash`; true when this call removed it. */
  consume(accountId: string, codeHash: string): Promise<boolean>;
  remove(accountId: string): Promise<void>;
}

/** What both halves need of an area (customers, admins). */
interface RecoveryArea {
  findAccount(rawEmail: string): Promise<RecoveryAccount | null>;
  codes: RecoveryCodeStore;
  now(): Date;
}

/** How an area mails its codes. */
export interface CodeMailing extends RecoveryArea {
  /** Names the area in the log ("customer", "admin"). */
  name: string;
  generate(): string;
  hash(account: RecoveryAccount, code: string): string;
  mail(email: string, code: string): Mail;
  sendMail(mail: Mail): Promise<void>;
  logger: Logger;
}

/** How an area checks a code and changes the password. */
export interface CodeRedemption extends RecoveryArea {
  matches(account: RecoveryAccount, code: string, codeHash: string): boolean;
  /** The one refusal of a reset: unknown address, no code, expired, used up or wrong alike. */
  invalid(): AppError;
  /** Runs `work` in one transaction (the area's UnitOfWork). */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  hashPassword(password: string): Promise<string>;
}

/** Milliseconds to wait before another code may be mailed to the account (0: now). */
export function resendWaitMs(previous: RecoveryCode | null, now: Date): number {
  if (!previous) return 0;
  return Math.max(0, previous.sentAt.getTime() + RECOVERY_CODE_RESEND_COOLDOWN_MS - now.getTime());
}

/** Whether an entry may be compared with the code now (tries left, not expired). */
export function recoveryCodeIsOpen(code: RecoveryCode | null, now: Date): code is RecoveryCode {
  return !!code && code.tries < RECOVERY_CODE_MAX_TRIES && code.expiresAt.getTime() > now.getTime();
}

/**
 * Mails a code to the account's address. The caller learns nothing: an unknown address, a request
 * within the cooldown and a mail that could not be stored all end like a sent code, so the call
 * cannot tell which addresses have accounts. The cooldown and a failed mail are logged.
 */
export async function mailRecoveryCode(area: CodeMailing, rawEmail: string): Promise<void> {
  const account = await area.findAccount(rawEmail);
  if (!account) return;
  const now = area.now();
  if (resendWaitMs(await area.codes.find(account.id), now) > 0) {
    area.logger.warn('A password reset code was asked for again within the cooldown; none was sent');
    return;
  }
  const code = area.generate();
  const stored = await area.codes.replaceUnlessSentAfter(
    account.id,
    { email: account.email, codeHash: area.hash(account, code), sentAt: now, expiresAt: new Date(now.getTime() + RECOVERY_CODE_TTL_MS), tries: 0 },
    new Date(now.getTime() - RECOVERY_CODE_RESEND_COOLDOWN_MS),
  );
  // Another request won the race a moment ago: its code is on the way.
  if (!stored) return;
  try {
    await area.sendMail(area.mail(account.email, code));
  } catch (error) {
    area.logger.error(`Could not store a ${area.name} password reset mail: ${(error as Error).message}`);
    await area.codes.remove(account.id);
  }
}

/**
 * A mailed code sets a new password: every entry counts against the code's tries (claimed before
 * the comparison), and the right one is consumed in the same transaction as `apply` (the area's
 * password change and what goes with it), so of two parallel right entries one wins. `apply`
 * answers null when the account changed meanwhile; that, like every other refusal, is the area's
 * one `invalid()`.
 */
export async function redeemRecoveryCode<T>(
  area: CodeRedemption,
  entry: { email: string; otp: string; newPassword: string },
  apply: (account: RecoveryAccount, passwordHash: string) => Promise<T | null>,
): Promise<T> {
  const account = await area.findAccount(entry.email);
  const stored = account ? await area.codes.find(account.id) : null;
  if (!account || !recoveryCodeIsOpen(stored, area.now())) throw area.invalid();

  const used = await area.codes.claimTry(account.id, stored.codeHash, RECOVERY_CODE_MAX_TRIES);
  // The hash covers the address: a code sent to an older address matches nothing now.
  if (used === null || !area.matches(account, entry.otp, stored.codeHash)) throw area.invalid();

  const passwordHash = await area.hashPassword(entry.newPassword);
  return area.transaction(async () => {
    if (!(await area.codes.consume(account.id, stored.codeHash))) throw area.invalid();
    const applied = await apply(account, passwordHash);
    if (applied === null) throw area.invalid();
    return applied;
  });
}

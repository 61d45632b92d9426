import { AppError } from '../errors/app-error';

/** "45 seconds", "1 minute", "12 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, seconds)} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The 429 of every limit (the throttler's, the per-address mail limit, the per-account sign-in
 * waits): the wait in words, and `seconds` for the standard Retry-After the envelope's filter sends.
 * `hint` is a clause said after the wait (how a known device gets past it).
 */
export const tooManyAttempts = (seconds: number, hint = '') =>
  new AppError('rate_limited', `Too many attempts. Please try again in ${waitText(seconds)}${hint}.`, 'rate_limited', seconds);

import { ApiError, extractErrorText } from '@growth/kit';

export const SESSION_EXPIRED = 'Session expired, login again.';

export interface Failure {
  text: string;
  detail: string | null;
}

/**
 * What a failed Settings call shows: an ended session (401) is 'Session expired, login again.';
 * otherwise 'Error' with the server's message, or 'Operation failed' (the admin texts of docs/product.md#error-texts).
 */
export function settingsFailure(err: unknown): Failure {
  if (err instanceof ApiError && err.status === 401) return { text: SESSION_EXPIRED, detail: null };
  let reason: string | null = null;
  if (err instanceof ApiError) reason = extractErrorText(err.body) ?? (err.status === 0 ? err.message : null);
  return { text: 'Error', detail: reason ?? 'Operation failed' };
}

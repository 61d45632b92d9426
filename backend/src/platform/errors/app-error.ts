/**
 * The one error type use cases throw. Plain TypeScript, so domain and application code can use it
 * without importing the framework; the HTTP exception filter maps each kind to its status.
 */
export type AppErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  /** An outside provider (payment gateway...) failed or could not be reached: 502. */
  | 'bad_gateway'
  | 'unavailable';

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Machine-readable code for the `error` field, e.g. `plan_not_found`. Defaults to the kind. */
    readonly code: string = kind,
    /** For 'rate_limited': whole seconds until trying again can succeed (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

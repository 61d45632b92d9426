/** Generic text used when a failed response carries no readable message. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    const parts = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    return parts.length ? parts.join(', ') : null;
  }
  return null;
}

/**
 * The human error text of an API response body: its `message` field (the envelope's human
 * text), else its `error` field, else `null`. Arrays of messages are joined.
 */
export function extractErrorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  return asText(record.message) ?? asText(record.error);
}

/** A failed call: HTTP error, `{success:false}` envelope, network failure or timeout. */
export class ApiError extends Error {
  /** HTTP status; 0 for network failures and timeouts. */
  readonly status: number;
  /** The envelope's `error` code when the server sent one. */
  readonly code: string | null;
  /** The parsed response body, when there was one. */
  readonly body: unknown;
  readonly timedOut: boolean;

  constructor(message: string, init: { status?: number; code?: string | null; body?: unknown; timedOut?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status ?? 0;
    this.code = init.code ?? null;
    this.body = init.body;
    this.timedOut = init.timedOut ?? false;
  }
}

/** Text to show for any thrown value: an ApiError's message, an Error's message, or `fallback`. */
export function errorText(err: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

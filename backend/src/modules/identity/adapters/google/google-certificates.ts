import { Logger } from '@nestjs/common';

/**
 * Google's public signing certificates (PEM) by key id. A port, so the verifier never fetches
 * them itself: production reads Google's endpoint with a cache, tests serve a local key.
 */
export abstract class GoogleCertificates {
  /** The PEM certificate of `kid`, or null when Google does not list that key. */
  abstract pemFor(kid: string): Promise<string | null>;
}

export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v1/certs';

/** Fallback cache lifetime when Google's answer carries no max-age. */
const DEFAULT_MAX_AGE_MS = 60 * 60 * 1000;
/** An unknown kid triggers a refetch (keys rotate), but not more often than this. */
const MIN_REFETCH_INTERVAL_MS = 60 * 1000;
const FETCH_TIMEOUT_MS = 5_000;

export function maxAgeMs(cacheControl: string | null): number | null {
  const match = /(?:^|,)\s*max-age\s*=\s*(\d+)/i.exec(cacheControl ?? '');
  return match ? Number(match[1]) * 1000 : null;
}

/**
 * Fetches https://www.googleapis.com/oauth2/v1/certs ({ kid: PEM }) and keeps it for the response's
 * Cache-Control max-age. Concurrent misses share one request; an unknown kid refetches at most
 * once a minute; a failed fetch keeps serving the last good set.
 */
export class HttpGoogleCertificates extends GoogleCertificates {
  private readonly logger = new Logger('GoogleCertificates');
  private certs: Record<string, string> = {};
  private expiresAt = 0;
  private lastFetchAt = 0;
  private inflight: Promise<void> | null = null;

  constructor(
    private readonly url: string = GOOGLE_CERTS_URL,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  async pemFor(kid: string): Promise<string | null> {
    const stale = this.now() >= this.expiresAt;
    const unknown = !(kid in this.certs) && this.now() - this.lastFetchAt >= MIN_REFETCH_INTERVAL_MS;
    if (stale || unknown) await this.refresh();
    return Object.prototype.hasOwnProperty.call(this.certs, kid) ? this.certs[kid] : null;
  }

  private refresh(): Promise<void> {
    this.inflight ??= this.fetchCerts().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async fetchCerts(): Promise<void> {
    this.lastFetchAt = this.now();
    try {
      const response = await this.fetchImpl(this.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as unknown;
      if (!body || typeof body !== 'object') throw new Error('the answer is not a JSON object');
      this.certs = Object.fromEntries(Object.entries(body).filter(([, pem]) => typeof pem === 'string')) as Record<string, string>;
      this.expiresAt = this.now() + (maxAgeMs(response.headers.get('cache-control')) ?? DEFAULT_MAX_AGE_MS);
    } catch (error) {
      this.logger.warn(`Could not fetch Google's certificates: ${(error as Error).message}`);
      // Keep the last good set; try again after the refetch interval.
      this.expiresAt = Math.max(this.expiresAt, this.now() + MIN_REFETCH_INTERVAL_MS);
    }
  }
}

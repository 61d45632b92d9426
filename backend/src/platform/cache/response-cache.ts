import { Logger } from '@nestjs/common';
import { isDatabaseUnavailable } from '../errors/database-unavailable';
import { type CachedBody, toCachedBody } from '../http/cached-json';

/**
 * Read-through cache of SERIALISED responses (bytes + ETag), for reads that are hot and change
 * rarely (the catalogue list, the pricing pages' plans).
 *
 * Why bytes: loading from the database, serialising the body (~0.25 ms for 100 services) and
 * hashing it for the ETag cost far more than writing a ready Buffer, so a hit costs one Map lookup
 * and the response is written as-is.
 *
 * Rules:
 * - A key is whatever string the owner derives from the normalised request; a null key means
 *   "not cached" (e.g. long free-text searches that would only churn the cache).
 * - Bounded: least-recently-used entries are dropped beyond `maxEntries` keys or `maxBytes` bytes.
 * - `invalidate()` drops everything. Nobody calls it by hand: the module that owns a cache makes it
 *   follow a change topic (`followChanges`, platform/events), and write use cases publish that topic
 *   after their commit, here and, over Redis, on every other instance. A generation counter makes
 *   sure a load that started before an invalidation never stores its (possibly stale) result.
 * - Concurrent misses for one key share a single load (no stampede after an invalidation).
 * - A failed load (e.g. not found) is not cached.
 * - Entries also expire after `ttlMs`: should a change event be lost (Redis unreachable), the TTL
 *   bounds how long another instance can serve old data.
 * - Stale if error: an expired entry is kept (for up to `staleMs`) and no longer served by `peek`,
 *   but when its reload fails because the database is unreachable (`serveStaleOn`), `getOrLoad`
 *   answers the last good bytes instead of failing. A catalogue a minute old beats a 503 while the
 *   database restarts; anything the cache never held still fails (503).
 */
export type { CachedBody };

export interface ResponseCacheOptions {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
  /** How long after expiring an entry may still be served when reloading it fails. */
  staleMs: number;
  /** Which load failures let a stale entry be served (by default: the database is unreachable). */
  serveStaleOn: (error: unknown) => boolean;
  now: () => number;
}

interface Entry {
  value: CachedBody;
  expiresAt: number;
}

const logger = new Logger('ResponseCache');
/** At most one "serving stale" line per this many ms and cache, so an outage does not flood the log. */
const STALE_LOG_INTERVAL_MS = 10_000;

const DEFAULTS: ResponseCacheOptions = {
  maxEntries: 256,
  maxBytes: 32 * 1024 * 1024,
  ttlMs: 30_000,
  staleMs: 24 * 60 * 60 * 1000,
  serveStaleOn: isDatabaseUnavailable,
  now: Date.now,
};

export class ResponseCache {
  private readonly options: ResponseCacheOptions;
  /** Map iteration order is insertion order: the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedBody>>();
  private generation = 0;
  private bytes = 0;
  private lastStaleLog = Number.NEGATIVE_INFINITY;
  /** The key last moved to the end of `entries` by `peek`, as long as it is still there. */
  private lastUsed: string | undefined;

  constructor(options: Partial<ResponseCacheOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** A fresh cached body, or undefined. Synchronous, so a hot path can answer without awaiting. */
  peek(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.options.now();
    if (entry.expiresAt <= now) {
      // Expired: kept as a stale fallback for a while (see getOrLoad), never served from here.
      if (entry.expiresAt + this.options.staleMs <= now) this.drop(key, entry);
      return undefined;
    }
    // Mark as most recently used (unless it already is: a hot key is asked for again and again).
    if (key !== this.lastUsed) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.lastUsed = key;
    }
    return entry.value;
  }

  /**
   * The cached body for `key`, loading (and caching) it with `load` on a miss.
   * A null key is not cached: its body is loaded every time.
   */
  async getOrLoad(key: string | null, load: () => Promise<Buffer>): Promise<CachedBody> {
    if (key === null) return toCachedBody(await load());

    const hit = this.peek(key);
    if (hit) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending;

    const generation = this.generation;
    const promise = load().then(
      (body) => {
        const value = toCachedBody(body);
        if (this.loading.get(key) === promise) this.loading.delete(key);
        if (generation === this.generation) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        const stale = generation === this.generation ? this.entries.get(key) : undefined;
        if (!stale || stale.expiresAt + this.options.staleMs <= this.options.now() || !this.options.serveStaleOn(error)) throw error;
        this.logStale(key, error);
        return stale.value;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Forget everything. Call after any change to the data behind the cached responses. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.lastUsed = undefined;
    this.loading.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private logStale(key: string, error: unknown): void {
    const now = this.options.now();
    if (now - this.lastStaleLog < STALE_LOG_INTERVAL_MS) return;
    this.lastStaleLog = now;
    logger.warn(`Serving the last good answer for '${key}' (and others): reloading it failed: ${(error as Error)?.message}`);
  }

  private store(key: string, value: CachedBody): void {
    const { maxEntries, maxBytes, ttlMs, now } = this.options;
    if (value.body.length > maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    this.entries.set(key, { value, expiresAt: now() + ttlMs });
    this.lastUsed = key;
    this.bytes += value.body.length;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= maxEntries && this.bytes <= maxBytes) break;
      this.drop(oldestKey, oldest);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    if (key === this.lastUsed) this.lastUsed = undefined;
    this.bytes -= entry.value.body.length;
  }
}

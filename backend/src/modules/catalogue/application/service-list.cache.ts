import { type CachedBody, toCachedBody } from '../../../platform/http/cached-json';
import type { CatalogueQuery } from '../domain/catalogue-page';

/**
 * Read-through cache of the catalogue list, holding the SERIALISED response (bytes + ETag).
 *
 * Why bytes: the list is read on every home and catalogue visit and changes only when an admin
 * edits a service. Serialising the body (~0.25 ms for 100 services), hashing it for the ETag and
 * loading it from the database cost far more than writing a ready Buffer, so a hit costs one
 * Map lookup and the response is written as-is.
 *
 * Rules:
 * - Key = (page, perPage, search) after normalisation, so `limit=500` and `limit=100` share an entry.
 *   Only empty or short searches are cached (free-text searches would just churn the cache).
 * - Bounded: least-recently-used entries are dropped beyond `maxEntries` keys or `maxBytes` bytes.
 * - `invalidate()` drops everything. Every use case that writes services or their content must call
 *   it after its transaction commits. A generation counter makes sure a load that started before
 *   an invalidation never stores its (possibly stale) result afterwards.
 * - Concurrent misses for one key share a single load (no stampede after an invalidation).
 * - Entries also expire after `ttlMs`: with several app instances, a write on one instance only
 *   invalidates that instance's cache, so the TTL bounds how long another instance can serve the
 *   old list.
 */

export type { CachedBody };

export interface ServiceListCacheOptions {
  maxEntries: number;
  maxBytes: number;
  maxSearchLength: number;
  ttlMs: number;
  now: () => number;
}

interface Entry {
  value: CachedBody;
  expiresAt: number;
}

const DEFAULTS: ServiceListCacheOptions = {
  maxEntries: 256,
  maxBytes: 32 * 1024 * 1024,
  maxSearchLength: 32,
  ttlMs: 30_000,
  now: Date.now,
};

export class ServiceListCache {
  private readonly options: ServiceListCacheOptions;
  /** Map iteration order is insertion order: the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedBody>>();
  private generation = 0;
  private bytes = 0;

  constructor(options: Partial<ServiceListCacheOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The cache key of a normalised query, or null when such a query is not cached. */
  keyOf(query: CatalogueQuery): string | null {
    if (query.search.length > this.options.maxSearchLength) return null;
    return `${query.page}:${query.perPage}:${query.search}`;
  }

  /** A fresh cached body, or undefined. Synchronous, so a hot path can answer without awaiting. */
  peek(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.options.now()) {
      this.drop(key, entry);
      return undefined;
    }
    // Mark as most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * The cached body for `query`, loading (and caching) it with `load` on a miss.
   * Uncacheable queries are loaded every time.
   */
  async getOrLoad(query: CatalogueQuery, load: () => Promise<Buffer>): Promise<CachedBody> {
    const key = this.keyOf(query);
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
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Forget every cached list. Call after any change to services or their content items. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: CachedBody): void {
    const { maxEntries, maxBytes, ttlMs, now } = this.options;
    if (value.body.length > maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    this.entries.set(key, { value, expiresAt: now() + ttlMs });
    this.bytes += value.body.length;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= maxEntries && this.bytes <= maxBytes) break;
      this.drop(oldestKey, oldest);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.value.body.length;
  }
}

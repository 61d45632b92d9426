import { type ResponseCacheOptions, ResponseCache } from '../../../platform/cache/response-cache';
import type { CachedBody } from '../../../platform/http/cached-json';
import type { CatalogueQuery } from '../domain/catalogue-page';

export type { CachedBody };

/** Searches longer than this are not cached (free-text searches would only churn the cache). */
const MAX_CACHED_SEARCH_LENGTH = 32;

/**
 * The serialised catalogue lists, keyed by the normalised query (page, perPage, search), so
 * `limit=500` and `limit=100` share one entry. It follows the 'catalogue' change event (see
 * CatalogueModule), which every use case that writes services or their content items publishes.
 */
export class ServiceListCache extends ResponseCache {
  constructor(options: Partial<ResponseCacheOptions> & { maxSearchLength?: number } = {}) {
    const { maxSearchLength = MAX_CACHED_SEARCH_LENGTH, ...rest } = options;
    super(rest);
    this.maxSearchLength = maxSearchLength;
  }

  private readonly maxSearchLength: number;

  /** The cache key of a normalised query, or null when such a query is not cached. */
  keyOf(query: CatalogueQuery): string | null {
    if (query.search.length > this.maxSearchLength) return null;
    return `${query.page}:${query.perPage}:${query.search}`;
  }

  /** The list for `query`, from the cache or loaded (and cached) with `load`. */
  getList(query: CatalogueQuery, load: () => Promise<Buffer>): Promise<CachedBody> {
    return this.getOrLoad(this.keyOf(query), load);
  }
}

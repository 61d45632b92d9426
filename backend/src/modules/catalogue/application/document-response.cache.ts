import { ResponseCache } from '../../../platform/cache/response-cache';

/** A slug worth a cache entry: the shape of a document slug, and not absurdly long. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The serialised answers of GET /documents/:slug, keyed by slug. Unknown slugs are not cached (the
 * load throws), and text that cannot be a slug gets no key at all. It follows the 'documents'
 * change event (see CatalogueModule), which every use case that writes documents publishes.
 */
export class DocumentResponseCache extends ResponseCache {
  keyOf(slug: string): string | null {
    return slug.length <= 64 && SLUG.test(slug) ? slug : null;
  }
}

import { Injectable, type OnModuleInit } from '@nestjs/common';
import { FastLane } from '../../../../platform/http/fast-lane';
import { API_PREFIX } from '../../../../platform/http/configure-app';
import { DocumentResponseCache } from '../../application/document-response.cache';

const ROUTE = `/${API_PREFIX}/documents/`;

/**
 * Puts GET /api/documents/{slug} in the platform's fast lane: a plain request for a document already
 * in the DocumentResponseCache is answered from there before Express and Nest (see FastLane for why:
 * the FAQ and the policy pages ask for it, the FAQ's preloaded by index.html). Anything else (a miss,
 * a query string, text that is not a slug) goes to DocumentsController, which answers it and fills
 * the cache; an edit in the admin empties the cache ('documents' change event), so the next request
 * takes the full stack again.
 */
@Injectable()
export class DocumentsFastPath implements OnModuleInit {
  constructor(
    private readonly fastLane: FastLane,
    private readonly cache: DocumentResponseCache,
  ) {}

  onModuleInit(): void {
    this.fastLane.register({ path: ROUTE, parameter: true, keyOf: (url) => this.keyOf(url), peek: (key) => this.cache.peek(key) });
  }

  /** The cache key of a plain request's URL (the slug, decoded as Express decodes a path parameter), or null. */
  keyOf(url: string): string | null {
    if (!url.startsWith(ROUTE) || url.includes('?')) return null;
    const segment = url.slice(ROUTE.length);
    if (segment.length === 0 || segment.includes('/')) return null;
    let slug: string;
    try {
      slug = decodeURIComponent(segment);
    } catch {
      return null;
    }
    return this.cache.keyOf(slug);
  }
}

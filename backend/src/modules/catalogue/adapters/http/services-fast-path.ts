import { Injectable, type OnModuleInit } from '@nestjs/common';
import { FastLane } from '../../../../platform/http/fast-lane';
import { API_PREFIX } from '../../../../platform/http/configure-app';
import { ServiceListCache } from '../../application/service-list.cache';
import { catalogueQuery, MAX_SEARCH_LENGTH } from '../../domain/catalogue-page';

const ROUTE = `/${API_PREFIX}/services/getAll`;
const POSITIVE_INTEGER = /^[1-9]\d{0,14}$/;

/**
 * Puts GET /api/services/getAll in the platform's fast lane: a plain request whose list is already
 * in the ServiceListCache is answered from there before Express and Nest (see FastLane for why).
 * Any other request (a miss, a query that needs validation) goes to ServicesController.
 */
@Injectable()
export class ServicesFastPath implements OnModuleInit {
  constructor(
    private readonly fastLane: FastLane,
    private readonly cache: ServiceListCache,
  ) {}

  onModuleInit(): void {
    this.fastLane.register({ path: ROUTE, keyOf: (url) => this.keyOf(url), peek: (key) => this.cache.peek(key) });
  }

  /** The cache key of a plain request's URL (normalised as the controller does), or null. */
  keyOf(url: string): string | null {
    const query = url.length === ROUTE.length ? {} : parseQuery(url.slice(ROUTE.length + 1));
    return query ? this.cache.keyOf(catalogueQuery(query)) : null;
  }
}

/**
 * The query of a plain request: only page, limit, search, each at most once, page and limit as
 * plain positive integers. Anything else returns null and takes the full path, where validation
 * answers it (so this never accepts what the controller would refuse).
 */
function parseQuery(text: string): { page?: number; limit?: number; search?: string } | null {
  const query: { page?: number; limit?: number; search?: string } = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (name === 'page' || name === 'limit') {
      if (query[name] !== undefined || !POSITIVE_INTEGER.test(value)) return null;
      query[name] = Number(value);
    } else if (name === 'search') {
      if (query.search !== undefined || value.length > MAX_SEARCH_LENGTH) return null;
      query.search = value;
    } else {
      return null;
    }
  }
  return query;
}

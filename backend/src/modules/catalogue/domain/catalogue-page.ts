import { AppError } from '../../../platform/errors/app-error';
import { type PageMeta, pageMeta } from '../../../kernel/paging';

/**
 * Paging rules of the public catalogue list (GET /services/getAll).
 * The catalogue page asks for up to 100 services; larger requests are clamped, not refused.
 */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
/** Longer search text is cut to this length (headings and descriptions are short). */
export const MAX_SEARCH_LENGTH = 100;

export interface CatalogueQuery {
  page: number;
  perPage: number;
  /** Trimmed search text, '' for none. */
  search: string;
}

/** The customer lists' paging meta, one for every list (kernel/paging.ts). */
export { type PageMeta, pageMeta };

export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

/**
 * Normalises already-validated input: defaults, the 100 cap, trimmed search.
 * page and limit must be positive integers when given (the HTTP adapter refuses others with 400).
 */
export function catalogueQuery(input: { page?: number; limit?: number; search?: string }): CatalogueQuery {
  const page = input.page ?? DEFAULT_PAGE;
  const limit = input.limit ?? DEFAULT_PER_PAGE;
  if (!Number.isSafeInteger(page) || page < 1) throw new AppError('invalid', 'page must be a positive integer', 'invalid_page');
  if (!Number.isSafeInteger(limit) || limit < 1) throw new AppError('invalid', 'limit must be a positive integer', 'invalid_limit');
  return {
    page,
    perPage: Math.min(limit, MAX_PER_PAGE),
    search: (input.search ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
  };
}

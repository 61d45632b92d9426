/**
 * Paging of the admin lists (docs/product.md#data-shapes: "admin tasks total, page, limit, pages, hasNext, hasPrev",
 * docs/product.md#limits: page sizes 10, 20, 50, 100, default 10). Plain values, no framework: use cases and domain
 * rules may use them too.
 */
import type { Paging } from '@growth/contracts';
import { pageCount } from '../../kernel/paging';
import { AppError } from '../errors/app-error';

export const ADMIN_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];
export const DEFAULT_ADMIN_PAGE_SIZE = 10;
/** Far beyond any real list (100 million rows at 100 a page); keeps offsets well inside integers. */
export const MAX_ADMIN_PAGE = 1_000_000;

export const ADMIN_PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_ADMIN_PAGE}`;
export const ADMIN_LIMIT_MESSAGE = `limit must be one of ${ADMIN_PAGE_SIZES.join(', ')}`;

/** The `paging` of every admin list's answer, as the frontends read it (docs/architecture.md#contracts). */
export type AdminPaging = Paging;

export function adminPaging(total: number, page: number, limit: number, hasNext: boolean): AdminPaging {
  return { total, page, limit, pages: pageCount(total, limit), hasNext, hasPrev: page > 1 };
}

/** A keyset page asked for with both cursors (an admin list reads one way at a time). */
export const bothCursors = () => new AppError('invalid', 'Send after or before, not both', 'invalid_cursor');

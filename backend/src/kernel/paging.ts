/**
 * Paging arithmetic every list shares (docs/architecture.md#one-way-per-thing). The answers' shapes
 * are the product's (docs/product.md#data-shapes): customer lists `meta` {total, page, perPage,
 * lastPage}, here; the admin lists' `paging` is platform/http/admin-paging.ts, built on pageCount.
 */

/** Pages of `size` rows needed for `total`: at least 1, also for an empty list, so "page 1 of 1" reads right. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Customer list paging meta (docs/product.md#data-shapes: total, page, perPage, lastPage). */
export interface PageMeta {
  total: number;
  page: number;
  perPage: number;
  /** At least 1, also for an empty list. */
  lastPage: number;
}

export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  return { total, page, perPage, lastPage: pageCount(total, perPage) };
}

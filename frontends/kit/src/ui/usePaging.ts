import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

export interface PageInAddress {
  /** `page` of the address (`?page=2`), 1 when absent or unreadable. */
  page: number;
  /** The last page as the server last said it (kept while the next page loads); null before the first answer. */
  lastPage: number | null;
  /** The address is past the last page and is being replaced by it: show the list as loading. */
  clamping: boolean;
  /** Another page in the address, keeping its other keys; a new history entry unless `replace`. */
  goTo(page: number, options?: { replace?: boolean }): void;
}

/** A whole number ≥ 1 from the address's `page`, else 1 (missing, negative or garbled). */
export function pageOf(search: string): number {
  const value = new URLSearchParams(search).get('page');
  if (value === null || !/^\d+$/.test(value)) return 1;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** A page count from the server's `pages`/`lastPage`, else counted from `total`; null when it says neither. */
export function pageCount(pages: unknown, total: unknown, pageSize: number): number | null {
  if (typeof pages === 'number' && Number.isFinite(pages)) return Math.max(1, Math.floor(pages));
  if (typeof total === 'number' && Number.isFinite(total)) return Math.max(1, Math.ceil(total / pageSize));
  return null;
}

/**
 * The page of a paged list, kept in the address so reload, Back and a shared link show the same
 * page. `answeredLastPage` is the page count of the answer just loaded (null while a page loads
 * or when it failed): it is kept for the pager while the next page loads, and an address past it
 * (an old bookmark, a list that shrank) is replaced by the last page.
 */
export function usePaging(answeredLastPage: number | null): PageInAddress {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const page = pageOf(search);
  const [kept, setKept] = useState(answeredLastPage);
  if (answeredLastPage !== null && answeredLastPage !== kept) setKept(answeredLastPage);

  const goTo = useCallback(
    (target: number, { replace = false }: { replace?: boolean } = {}) => {
      const params = new URLSearchParams(search);
      if (target > 1) params.set('page', String(target));
      else params.delete('page');
      const query = params.toString();
      if (query === search.replace(/^\?/, '')) return;
      navigate(query ? `${location}?${query}` : location, { replace });
    },
    [location, navigate, search],
  );

  const clamping = answeredLastPage !== null && answeredLastPage >= 1 && page > answeredLastPage;
  useEffect(() => {
    if (clamping && answeredLastPage !== null) goTo(answeredLastPage, { replace: true });
  }, [clamping, answeredLastPage, goTo]);

  return { page, lastPage: answeredLastPage ?? kept, clamping, goTo };
}

import { useCallback } from 'react';
import { positiveInt, searchText, useAddressQuery } from '../address/useAddressQuery';
import { usePageClamp } from '../address/usePageClamp';
import { useAdminPost, type Loadable } from '../data/useAdminPost';

export interface SearchPage<T> {
  state: Loadable<T>;
  /** `page` of the address (1 when absent). */
  page: number;
  /** `q` of the address ('' when absent). */
  query: string;
  /** The last page as the server last said it (kept while the next page loads); null before. */
  lastPage: number | null;
  goTo(page: number): void;
  search(text: string): void;
  retry(): void;
}

/** A page count from the server's `lastPage`/`pages`, else counted from `total`. */
export function pageCount(pages: unknown, total: unknown, pageSize: number): number | null {
  if (typeof pages === 'number' && Number.isFinite(pages)) return Math.max(1, Math.floor(pages));
  if (typeof total === 'number' && Number.isFinite(total)) return Math.max(1, Math.ceil(total / pageSize));
  return null;
}

/**
 * A searchable, paged admin list (clients, plans): POST `path` {page, limit, search}, with `page`
 * and `q` in the address, so reload, Back and a shared link show the same list. A new search
 * starts at page 1; an address past the last page is replaced by the last page.
 */
export function useSearchPage<T>(path: string, pageSize: number, lastPageOf: (answer: T) => number | null): SearchPage<T> {
  const { params, update } = useAddressQuery();
  const page = positiveInt(params.get('page'));
  const query = searchText(params.get('q'));
  const { state, retry } = useAdminPost<T>(path, { page, limit: pageSize, search: query });

  const answer = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : null;
  const lastPage = answer ? lastPageOf(answer) : null;

  const goTo = useCallback((target: number, replace = false) => update({ page: target > 1 ? target : null }, { replace }), [update]);
  const overshoot = usePageClamp(page, state.status === 'loaded' ? lastPage : null, goTo);

  return {
    state: overshoot ? { status: 'loading', previous: answer } : state,
    page,
    query,
    lastPage,
    goTo: useCallback((target: number) => goTo(target), [goTo]),
    search: useCallback((text: string) => update({ q: text, page: null }), [update]),
    retry,
  };
}

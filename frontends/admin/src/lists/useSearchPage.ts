import { useCallback } from 'react';
import { usePaging } from '@growth/kit/ui';
import { positiveInt, searchText, useAddressQuery } from '../address/useAddressQuery';
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
  const { lastPage, clamping, goTo } = usePaging(state.status === 'loaded' ? lastPageOf(state.data) : null);
  const answer = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : null;

  return {
    state: clamping ? { status: 'loading', previous: answer } : state,
    page,
    query,
    lastPage,
    goTo: useCallback((target: number) => goTo(target), [goTo]),
    search: useCallback((text: string) => update({ q: text, page: null }), [update]),
    retry,
  };
}

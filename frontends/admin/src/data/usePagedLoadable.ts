import { useCallback } from 'react';
import { usePaging } from '@growth/kit/ui';
import type { Loadable } from './useAdminPost';

export interface PagedLoadable<T> {
  /** The answer's state; loading (with the answer kept) while an address past the last page is replaced by it. */
  state: Loadable<T>;
  /** Pages as the server last said (kept while the next page loads); null before. */
  pages: number | null;
  /** Another page in the address (a new history entry). */
  goTo(page: number): void;
}

/**
 * The page of an admin list kept in the address (kit's usePaging) for the list's answer `state`:
 * `pagesOf` reads the page count of an answer.
 */
export function usePagedLoadable<T>(state: Loadable<T>, pagesOf: (answer: T) => number | null): PagedLoadable<T> {
  const { lastPage, clamping, goTo } = usePaging(state.status === 'loaded' ? pagesOf(state.data) : null);
  const answer = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : null;
  return {
    state: clamping ? { status: 'loading', previous: answer } : state,
    pages: lastPage,
    goTo: useCallback((page: number) => goTo(page), [goTo]),
  };
}

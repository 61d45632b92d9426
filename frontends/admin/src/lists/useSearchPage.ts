import { useCallback, useState } from 'react';
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

/** The keyset cursors of an answer (docs/operations.md#keyset-paging): null at either end. */
export interface PageCursors {
  next?: string | null;
  prev?: string | null;
}

/** The cursors of an answer that has them; undefined for a list without keyset paging (plans). */
function cursorsOf(answer: unknown): PageCursors | undefined {
  const cursors = typeof answer === 'object' && answer !== null ? (answer as { cursors?: unknown }).cursors : undefined;
  return typeof cursors === 'object' && cursors !== null ? (cursors as PageCursors) : undefined;
}

/**
 * A searchable, paged admin list (clients, plans): POST `path` {page, limit, search}, with `page`
 * and `q` in the address, so reload, Back and a shared link show the same list. A new search
 * starts at page 1; an address past the last page is replaced by the last page. A list whose
 * answer has keyset cursors (the clients list) sends them on Previous/Next, as `after`/`before`.
 */
export function useSearchPage<T>(path: string, pageSize: number, lastPageOf: (answer: T) => number | null): SearchPage<T> {
  const { params, update } = useAddressQuery();
  const page = positiveInt(params.get('page'));
  const query = searchText(params.get('q'));
  // Previous/Next send the cursor of the answer on screen, so a deep page is read from where the
  // last one ended instead of skipping every page before it. The cursor belongs to the one request
  // it was made for: a page number from the address (a shared link, reload, Back) or another search
  // asks by page number.
  const [pending, setPending] = useState<{ key: string; cursor: { after: string } | { before: string } } | null>(null);
  const plain = { page, limit: pageSize, search: query };
  const { state, retry } = useAdminPost<T>(path, pending?.key === JSON.stringify(plain) ? { ...plain, ...pending.cursor } : plain);
  const { lastPage, clamping, goTo } = usePaging(state.status === 'loaded' ? lastPageOf(state.data) : null);
  const answer = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : null;
  const cursors = state.status === 'loaded' ? cursorsOf(state.data) : undefined;

  return {
    state: clamping ? { status: 'loading', previous: answer } : state,
    page,
    query,
    lastPage,
    goTo: useCallback(
      (target: number) => {
        const after = target === page + 1 ? cursors?.next : undefined;
        const before = target === page - 1 ? cursors?.prev : undefined;
        const cursor = after ? { after } : before ? { before } : null;
        setPending(cursor ? { key: JSON.stringify({ page: target, limit: pageSize, search: query }), cursor } : null);
        goTo(target);
      },
      [goTo, cursors, page, pageSize, query],
    ),
    search: useCallback((text: string) => update({ q: text, page: null }), [update]),
    retry,
  };
}

import { useCallback } from 'react';
import { positiveInt, searchText, useAddressQuery } from '../address/useAddressQuery';
import { usePageClamp } from '../address/usePageClamp';
import { useAdminPost, type Loadable } from '../data/useAdminPost';

/** Admin users page size (spec §9). */
export const CLIENTS_PAGE_SIZE = 10;

/** One row of POST /user/getAll (spec §3 "User (profile view)"). */
export interface Client {
  userId: string;
  name: string;
  email: string;
  phone?: string;
  country?: string;
  createdAt?: string;
  subscriptions?: { total?: number; active?: number; completed?: number };
}

export interface ClientsAnswer {
  data?: Client[];
  meta?: { total?: number; page?: number; lastPage?: number };
}

export interface ClientsPage {
  state: Loadable<ClientsAnswer>;
  /** `page` of the address (1 when absent). */
  page: number;
  /** `q` of the address ('' when absent). */
  query: string;
  /** The last page as the server last said it; null before the first answer. */
  lastPage: number | null;
  goTo(page: number): void;
  search(text: string): void;
  retry(): void;
}

/** The last page of an answer: meta.lastPage, else counted from meta.total. */
export function lastPageOf(meta: ClientsAnswer['meta'] | undefined): number | null {
  if (!meta) return null;
  if (Number.isFinite(meta.lastPage)) return Math.max(1, Number(meta.lastPage));
  if (Number.isFinite(meta.total)) return Math.max(1, Math.ceil(Number(meta.total) / CLIENTS_PAGE_SIZE));
  return null;
}

/**
 * The clients list (spec §2, §7): POST /user/getAll {page, limit: 10, search}; `page` and `q`
 * live in the address (/admin/client?page=2&q=ann), so reload and Back show the same list. A new
 * search starts at page 1.
 */
export function useClients(): ClientsPage {
  const { params, update } = useAddressQuery();
  const page = positiveInt(params.get('page'));
  const query = searchText(params.get('q'));
  const { state, retry } = useAdminPost<ClientsAnswer>('/user/getAll', { page, limit: CLIENTS_PAGE_SIZE, search: query });

  const answer = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : null;
  const lastPage = lastPageOf(answer?.meta);

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

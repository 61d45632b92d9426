import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { USER_ID_KEY, api, useAuth, type PageMeta, type Subscription } from '@growth/kit';
import { reasonOf } from '../profile/reason';
import type { DeliveryProgress } from './format';

/** Customer list page size (docs/product.md#limits). */
export const PAGE_SIZE = 6;

export type SubscriptionKind = 'active' | 'completed';

const ENDPOINTS: Record<SubscriptionKind, string> = {
  active: '/subscription/activeService',
  completed: '/subscription/completedService',
};

/**
 * A listed subscription: `statusText` is the server's words for its Status (Partial, Canceled,
 * Refunded…), `progress` what the upstream provider reported (null or absent when nothing).
 */
export type ListedSubscription = Subscription & { statusText?: string | null; progress?: DeliveryProgress | null };

export type SubscriptionPageState =
  /** No userId in the session. */
  | { status: 'no-user' }
  | { status: 'loading' }
  | { status: 'failed'; reason: string }
  | { status: 'loaded'; items: ListedSubscription[]; meta: PageMeta };

export interface SubscriptionPage {
  state: SubscriptionPageState;
  /** The page in the address (`?page=`), 1 when absent or unreadable. */
  page: number;
  /** The last page as the server last said (kept while another page loads); null before the first answer. */
  lastPage: number | null;
  goTo(page: number): void;
  retry(): void;
}

function pageFrom(search: string): number {
  const value = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(value) && value > 0 ? value : 1;
}

function whole(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

function metaFrom(raw: Partial<PageMeta> | undefined, page: number, count: number): PageMeta {
  const perPage = whole(raw?.perPage, PAGE_SIZE) || PAGE_SIZE;
  const total = whole(raw?.total, (page - 1) * perPage + count);
  const lastPage = Math.max(1, whole(raw?.lastPage, Math.ceil(total / perPage)));
  return { total, page: whole(raw?.page, page) || page, perPage, lastPage };
}

/** The session's user id; the stored one when the session has no profile yet (docs/product.md#roles). */
function useUserId(): { loading: boolean; userId: string } {
  const { loading, user } = useAuth();
  if (loading) return { loading, userId: '' };
  let stored = '';
  try {
    stored = window.localStorage.getItem(USER_ID_KEY) ?? '';
  } catch {
    // storage unavailable: only the session's user counts
  }
  return { loading, userId: user?.id || stored };
}

/**
 * One page of the customer's active or completed subscriptions (docs/product.md#screens-and-routes, docs/product.md#api): POST
 * /subscription/activeService | completedService with {userId, page, limit: 6}. The page lives in
 * the address (`?page=2`), so reload and Back show the same page; a superseded request is aborted.
 */
export function useSubscriptionPage(kind: SubscriptionKind): SubscriptionPage {
  const { loading: sessionLoading, userId } = useUserId();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const page = pageFrom(search);
  const [state, setState] = useState<SubscriptionPageState>({ status: 'loading' });
  const [lastPage, setLastPage] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  const goTo = useCallback(
    (target: number, replace = false) => {
      const params = new URLSearchParams(search);
      if (target > 1) params.set('page', String(target));
      else params.delete('page');
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location, { replace });
    },
    [location, navigate, search],
  );

  useEffect(() => {
    if (sessionLoading) return;
    if (!userId) {
      setState({ status: 'no-user' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .post<{ data?: ListedSubscription[]; meta?: Partial<PageMeta> }>(
        ENDPOINTS[kind],
        { userId, page, limit: PAGE_SIZE },
        { signal: controller.signal },
      )
      .then((body) => {
        const items = Array.isArray(body.data) ? body.data : [];
        const meta = metaFrom(body.meta, page, items.length);
        setLastPage(meta.lastPage);
        setState({ status: 'loaded', items, meta });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', reason: reasonOf(error) });
      });
    return () => controller.abort();
  }, [kind, userId, page, sessionLoading, attempt]);

  // An address past the end (an old bookmark, a list that shrank): show the last page instead.
  const overshoot = state.status === 'loaded' && state.items.length === 0 && state.meta.total > 0 && page > state.meta.lastPage;
  useEffect(() => {
    if (overshoot && state.status === 'loaded') goTo(state.meta.lastPage, true);
  }, [overshoot, state, goTo]);

  return {
    state: overshoot ? { status: 'loading' } : state,
    page,
    lastPage,
    goTo: useCallback((target: number) => goTo(target), [goTo]),
    retry: useCallback(() => setAttempt((n) => n + 1), []),
  };
}

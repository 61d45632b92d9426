import { useCallback, useEffect, useState } from 'react';
import { USER_ID_KEY, api, useAuth, type MetaPagedAnswer, type PageMeta, type Subscription } from '@growth/kit';
import { usePaging } from '@growth/kit/ui';
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
  { status: 'no-user' } | { status: 'loading' } | { status: 'failed'; reason: string } | { status: 'loaded'; items: ListedSubscription[]; meta: PageMeta };

export interface SubscriptionPage {
  state: SubscriptionPageState;
  /** The page in the address (`?page=`), 1 when absent or unreadable. */
  page: number;
  /** The last page as the server last said (kept while another page loads); null before the first answer. */
  lastPage: number | null;
  goTo(page: number): void;
  retry(): void;
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
  const [state, setState] = useState<SubscriptionPageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // An address past the end (an old bookmark, a list that shrank) shows the last page instead.
  const { page, lastPage, clamping, goTo } = usePaging(state.status === 'loaded' ? state.meta.lastPage : null);

  useEffect(() => {
    if (sessionLoading) return;
    if (!userId) {
      setState({ status: 'no-user' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .post<MetaPagedAnswer<ListedSubscription>>(ENDPOINTS[kind], { userId, page, limit: PAGE_SIZE }, { signal: controller.signal })
      .then((body) => {
        const items = Array.isArray(body.data) ? body.data : [];
        const meta = metaFrom(body.meta, page, items.length);
        setState({ status: 'loaded', items, meta });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', reason: reasonOf(error) });
      });
    return () => controller.abort();
  }, [kind, userId, page, sessionLoading, attempt]);

  return {
    state: clamping ? { status: 'loading' } : state,
    page,
    lastPage,
    goTo: useCallback((target: number) => goTo(target), [goTo]),
    retry: useCallback(() => setAttempt((n) => n + 1), []),
  };
}

import { useCallback, useMemo, useState } from 'react';
import type { AdminSubscription, TasksAnswer } from '@growth/kit';
import { pageCount } from '@growth/kit/ui';
import { useAddressQuery } from '../address/useAddressQuery';
import { useAdminPost, type AdminPost } from '../data/useAdminPost';
import { usePagedLoadable } from '../data/usePagedLoadable';
import { taskAddressPatch, taskQueryOf, taskRequestBody, type TaskQuery } from './taskQuery';

/** A cursor for the request of one page: `key` is that request's body without it. */
interface PendingCursor {
  key: string;
  cursor: { after: string } | { before: string };
}

export interface Tasks extends AdminPost<TasksAnswer> {
  query: TaskQuery;
  /** Pages as the server last said (kept while the next page loads); null before. */
  pages: number | null;
  goTo(page: number): void;
  /** Another filter, sort, page size or search: back to page 1. */
  refine(change: Partial<Omit<TaskQuery, 'page'>>): void;
}

/**
 * The list with one row replaced by the subscription a write returned (status toggle, retry,
 * cancel); the row keeps its customer when the answer has none.
 */
export function withReturnedRow(data: TasksAnswer, returned: AdminSubscription): TasksAnswer {
  return {
    ...data,
    data: (data.data ?? []).map((row) => (row.subscriptionId === returned.subscriptionId ? { ...row, ...returned, customer: returned.customer ?? row.customer } : row)),
  };
}

/**
 * The tasks list (docs/product.md#screens-and-routes, docs/product.md#api): POST /admin/tasks with the status filter, search, sort and page
 * size of the address, so reload, Back and a shared link show the same list.
 */
export function useTasks(): Tasks {
  const { params, update } = useAddressQuery();
  // The same object while the address says the same (Previous/Next below depend on it).
  const queryKey = JSON.stringify(taskQueryOf(params));
  const query = useMemo(() => JSON.parse(queryKey) as TaskQuery, [queryKey]);
  // Previous/Next send the cursor of the answer on screen, so a deep page is read from where the
  // last one ended instead of skipping every page before it (docs/architecture.md#one-way-per-thing).
  // The cursor belongs to the one request it was made for: a page number from the address (a
  // shared link, reload, Back) or another filter asks by page number.
  const [pending, setPending] = useState<PendingCursor | null>(null);
  const plain = taskRequestBody(query);
  const post = useAdminPost<TasksAnswer>('/admin/tasks', pending?.key === JSON.stringify(plain) ? { ...plain, ...pending.cursor } : plain);
  const { state } = post;
  const paged = usePagedLoadable(state, (answer) => pageCount(answer.paging?.pages, answer.paging?.total, query.limit));
  const { goTo } = paged;

  return {
    ...post,
    ...paged,
    query,
    goTo: useCallback(
      (page: number) => {
        const cursors = state.status === 'loaded' ? state.data.cursors : undefined;
        const after = page === query.page + 1 ? cursors?.next : undefined;
        const before = page === query.page - 1 ? cursors?.prev : undefined;
        const cursor = after ? { after } : before ? { before } : null;
        setPending(cursor ? { key: JSON.stringify(taskRequestBody({ ...query, page })), cursor } : null);
        goTo(page);
      },
      [goTo, state, query],
    ),
    refine: useCallback((change: Partial<Omit<TaskQuery, 'page'>>) => update({ ...taskAddressPatch(change), page: null }), [update]),
  };
}

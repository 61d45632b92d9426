import { useCallback } from 'react';
import type { TaskPaging } from '@growth/kit';
import { useAddressQuery } from '../address/useAddressQuery';
import { usePageClamp } from '../address/usePageClamp';
import { useAdminPost, type AdminPost } from '../data/useAdminPost';
import type { AdminSubscription } from '../subscriptions/AdminSubscriptionCard';
import { taskAddressPatch, taskQueryOf, taskRequestBody, type TaskQuery } from './taskQuery';

export interface TasksAnswer {
  data?: AdminSubscription[];
  paging?: Partial<TaskPaging>;
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
    data: (data.data ?? []).map((row) =>
      row.subscriptionId === returned.subscriptionId ? { ...row, ...returned, customer: returned.customer ?? row.customer } : row,
    ),
  };
}

function pagesOf(paging: Partial<TaskPaging> | undefined, limit: number): number | null {
  if (!paging) return null;
  if (typeof paging.pages === 'number' && Number.isFinite(paging.pages)) return Math.max(1, paging.pages);
  if (typeof paging.total === 'number' && Number.isFinite(paging.total)) return Math.max(1, Math.ceil(paging.total / limit));
  return null;
}

/**
 * The tasks list (docs/product.md#screens-and-routes, docs/product.md#api): POST /admin/tasks with the status filter, search, sort and page
 * size of the address, so reload, Back and a shared link show the same list.
 */
export function useTasks(): Tasks {
  const { params, update } = useAddressQuery();
  const query = taskQueryOf(params);
  const post = useAdminPost<TasksAnswer>('/admin/tasks', taskRequestBody(query));
  const { state } = post;

  const answer = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : null;
  const pages = pagesOf(answer?.paging, query.limit);

  const goTo = useCallback((page: number, replace = false) => update({ page: page > 1 ? page : null }, { replace }), [update]);
  const overshoot = usePageClamp(query.page, state.status === 'loaded' ? pages : null, goTo);

  return {
    ...post,
    state: overshoot ? { status: 'loading', previous: answer } : state,
    query,
    pages,
    goTo: useCallback((page: number) => goTo(page), [goTo]),
    refine: useCallback((change: Partial<Omit<TaskQuery, 'page'>>) => update({ ...taskAddressPatch(change), page: null }), [update]),
  };
}

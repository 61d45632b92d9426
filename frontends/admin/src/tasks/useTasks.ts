import { useCallback } from 'react';
import type { PagedAnswer } from '@growth/kit';
import { pageCount, usePaging } from '@growth/kit/ui';
import { useAddressQuery } from '../address/useAddressQuery';
import { useAdminPost, type AdminPost } from '../data/useAdminPost';
import type { AdminSubscription } from '../subscriptions/AdminSubscriptionCard';
import { taskAddressPatch, taskQueryOf, taskRequestBody, type TaskQuery } from './taskQuery';

export type TasksAnswer = PagedAnswer<AdminSubscription>;

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
  const query = taskQueryOf(params);
  const post = useAdminPost<TasksAnswer>('/admin/tasks', taskRequestBody(query));
  const { state } = post;

  const { lastPage: pages, clamping, goTo } = usePaging(state.status === 'loaded' ? pageCount(state.data.paging?.pages, state.data.paging?.total, query.limit) : null);
  const answer = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : null;

  return {
    ...post,
    state: clamping ? { status: 'loading', previous: answer } : state,
    query,
    pages,
    goTo: useCallback((page: number) => goTo(page), [goTo]),
    refine: useCallback((change: Partial<Omit<TaskQuery, 'page'>>) => update({ ...taskAddressPatch(change), page: null }), [update]),
  };
}

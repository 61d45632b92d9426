import { oneOf, positiveInt, searchText, type AddressPatch } from '../address/useAddressQuery';

/** Admin tasks page sizes (docs/product.md#limits), default 10. */
export const TASK_PAGE_SIZES = [10, 20, 50, 100] as const;
export const TASK_SORT_FIELDS = ['createdAt', 'planName'] as const;
export const TASK_SORT_ORDERS = ['asc', 'desc'] as const;
/** The status filter: every subscription, 0 In Process, 1 Completed, and the provider's final words 2 Partial, 3 Canceled, 4 Refunded. */
export const TASK_STATUS_FILTERS = ['all', '0', '1', '2', '3', '4'] as const;
/** The fulfilment filter: every subscription, or only the orders the provider step left for staff. */
export const TASK_FULFILMENT_FILTERS = ['all', 'needs_review'] as const;

export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];
export type TaskSortOrder = (typeof TASK_SORT_ORDERS)[number];
export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];
export type TaskFulfilmentFilter = (typeof TASK_FULFILMENT_FILTERS)[number];

/**
 * The tasks list as the address holds it:
 * ?page=2&limit=20&sortBy=planName&sortOrder=asc&status=0&fulfilment=needs_review&q=ann.
 */
export interface TaskQuery {
  page: number;
  limit: number;
  sortBy: TaskSortField;
  sortOrder: TaskSortOrder;
  status: TaskStatusFilter;
  fulfilment: TaskFulfilmentFilter;
  q: string;
}

/** Default sort: newest first (docs/product.md#limits). */
export const DEFAULT_TASK_QUERY: TaskQuery = { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', status: 'all', fulfilment: 'all', q: '' };

/** Reads the address; unknown or garbled values fall back to the defaults. */
export function taskQueryOf(params: URLSearchParams): TaskQuery {
  const limit = Number(params.get('limit'));
  return {
    page: positiveInt(params.get('page')),
    limit: (TASK_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_TASK_QUERY.limit,
    sortBy: oneOf(params.get('sortBy'), TASK_SORT_FIELDS, DEFAULT_TASK_QUERY.sortBy),
    sortOrder: oneOf(params.get('sortOrder'), TASK_SORT_ORDERS, DEFAULT_TASK_QUERY.sortOrder),
    status: oneOf(params.get('status'), TASK_STATUS_FILTERS, DEFAULT_TASK_QUERY.status),
    fulfilment: oneOf(params.get('fulfilment'), TASK_FULFILMENT_FILTERS, DEFAULT_TASK_QUERY.fulfilment),
    q: searchText(params.get('q')),
  };
}

/** The address of a query: defaults are left out (/admin/tasks is the default list). */
export function taskAddressPatch(query: Partial<TaskQuery>): AddressPatch {
  const patch: AddressPatch = {};
  for (const [key, value] of Object.entries(query) as [keyof TaskQuery, TaskQuery[keyof TaskQuery]][]) {
    patch[key] = value === DEFAULT_TASK_QUERY[key] ? null : value;
  }
  return patch;
}

/** POST /admin/tasks {page, limit, sortBy, sortOrder, Status?, fulfilment?, q?} (docs/product.md#api; docs/fulfilment.md). */
export function taskRequestBody(query: TaskQuery) {
  return {
    page: query.page,
    limit: query.limit,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    ...(query.status === 'all' ? {} : { Status: Number(query.status) }),
    ...(query.fulfilment === 'all' ? {} : { fulfilment: query.fulfilment }),
    ...(query.q ? { q: query.q } : {}),
  };
}

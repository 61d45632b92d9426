import { AppError } from '../../../platform/errors/app-error';
import { ADMIN_LIMIT_MESSAGE, ADMIN_PAGE_MESSAGE, bothCursors, ADMIN_PAGE_SIZES, DEFAULT_ADMIN_PAGE_SIZE, MAX_ADMIN_PAGE } from '../../../platform/http/admin-paging';
import { isUuid } from '../../../kernel/uuid';
import { decodeCursor, encodeCursor, isCursorMicros, MAX_CURSOR_LENGTH } from '../../../platform/database/paging';
import type { Subscription } from './subscription';

/**
 * The admin's task list (docs/product.md#admin: Tasks): every customer's subscriptions, with a
 * Status filter, a "needs review" filter (docs/fulfilment.md), a search, a sort and a page size of 10, 20, 50
 * or 100.
 */
export type AdminTaskSort = 'createdAt' | 'planName';
export type SortOrder = 'asc' | 'desc';

export const ADMIN_TASK_SORTS: readonly AdminTaskSort[] = ['createdAt', 'planName'];
export const SORT_ORDERS: readonly SortOrder[] = ['asc', 'desc'];
/** The fulfilment filters of the task list: the orders staff must look at. */
export const ADMIN_TASK_FULFILMENT_FILTERS = ['needs_review'] as const;
export type AdminTaskFulfilmentFilter = (typeof ADMIN_TASK_FULFILMENT_FILTERS)[number];
export const FULFILMENT_FILTER_MESSAGE = 'fulfilment must be needs_review';
/** A search text longer than any order id, payment id, plan name or e-mail address cannot match. */
export const MAX_SEARCH_LENGTH = 254;

export interface AdminTaskQuery {
  page: number;
  limit: number;
  sortBy: AdminTaskSort;
  sortOrder: SortOrder;
  /** Only subscriptions with this Status (any number the table holds); undefined: all. */
  /** A Status filter as sent: any whole number (one no order has finds none). */
  status?: number;
  /** Only subscriptions whose upstream order needs review (the provider's answer was unclear, it refused, or the app stopped while placing). */
  fulfilment?: AdminTaskFulfilmentFilter;
  /**
   * Case-insensitive substring of the order id, payment id, plan name or customer e-mail (trimmed;
   * undefined when blank).
   */
  q?: string;
  /**
   * Previous/Next by keyset (docs/architecture.md#one-way-per-thing): the rows right after (or
   * before) this row in the sort's order, instead of skipping `(page - 1) * limit` of them. `page`
   * stays the truth for the paging meta.
   */
  keyset?: { direction: 'after' | 'before'; key: AdminTaskKey };
}

/**
 * A row's place in the sort's order: the plan name (planName sort only), the creation time in
 * whole microseconds since 1970 (as the database keeps it; a Date would drop the microseconds) and
 * the id that breaks ties.
 */
export interface AdminTaskKey {
  planName: string | null;
  createdAtMicros: string;
  subscriptionId: string;
}

export const CURSOR_MESSAGE = 'after/before must be a cursor from the last answer of this list (same sort); ask for the page by number instead';
export { MAX_CURSOR_LENGTH };

/** The opaque cursor of an answer (platform/database/paging.ts): the sort and the row's key. */
export function encodeTaskCursor(query: Pick<AdminTaskQuery, 'sortBy' | 'sortOrder'>, key: AdminTaskKey): string {
  const k = query.sortBy === 'planName' ? [key.planName, key.createdAtMicros, key.subscriptionId] : [key.createdAtMicros, key.subscriptionId];
  return encodeCursor({ by: query.sortBy, order: query.sortOrder }, k);
}

/** A cursor back to its key; anything the server did not hand out for this sort is a 400, never a database error. */
export function decodeTaskCursor(cursor: string, sortBy: AdminTaskSort, sortOrder: SortOrder): AdminTaskKey {
  const invalid = () => new AppError('invalid', CURSOR_MESSAGE, 'invalid_cursor');
  const withPlan = sortBy === 'planName';
  const k = decodeCursor(cursor, { by: sortBy, order: sortOrder }, withPlan ? 3 : 2);
  if (!k) throw invalid();
  const [planName, createdAtMicros, subscriptionId] = withPlan ? k : [null, ...k];
  if (withPlan && (typeof planName !== 'string' || planName.length > 1000 || planName.includes('\u0000'))) throw invalid();
  if (!isCursorMicros(createdAtMicros)) throw invalid();
  if (!isUuid(subscriptionId)) throw invalid();
  return { planName: withPlan ? (planName as string) : null, createdAtMicros, subscriptionId };
}

/**
 * One page of the task list. `total` is exact when `totalIsExact`; a broad search reports the
 * database's estimate instead of counting every match (see the repository). `hasNext` is always
 * exact: the repository reads one row more than the page.
 */
export interface AdminTaskPage {
  items: Subscription[];
  total: number;
  totalIsExact: boolean;
  hasNext: boolean;
  /** The last row's key when there is a next page, else null (the answer's `cursors.next`). */
  next: AdminTaskKey | null;
  /** The first row's key when there is a previous page, else null (the answer's `cursors.prev`). */
  prev: AdminTaskKey | null;
}

/**
 * Applies the defaults and checks the ranges. The HTTP adapter refuses bad input first with a 400
 * naming the field; this keeps any other caller from reaching the database with a page of 0.
 */
export function adminTaskQuery(input: Partial<Omit<AdminTaskQuery, 'keyset'>> & { after?: string; before?: string }): AdminTaskQuery {
  const page = input.page ?? 1;
  const limit = input.limit ?? DEFAULT_ADMIN_PAGE_SIZE;
  const sortBy = input.sortBy ?? 'createdAt';
  const sortOrder = input.sortOrder ?? 'desc';
  if (!Number.isSafeInteger(page) || page < 1 || page > MAX_ADMIN_PAGE) {
    throw new AppError('invalid', ADMIN_PAGE_MESSAGE, 'invalid_page');
  }
  if (!ADMIN_PAGE_SIZES.includes(limit)) throw new AppError('invalid', ADMIN_LIMIT_MESSAGE, 'invalid_limit');
  if (!ADMIN_TASK_SORTS.includes(sortBy)) throw new AppError('invalid', `sortBy must be one of ${ADMIN_TASK_SORTS.join(', ')}`, 'invalid_sort');
  if (!SORT_ORDERS.includes(sortOrder)) throw new AppError('invalid', `sortOrder must be one of ${SORT_ORDERS.join(', ')}`, 'invalid_sort');
  if (input.status !== undefined && !(Number.isInteger(input.status) && input.status >= -32768 && input.status <= 32767)) {
    throw new AppError('invalid', 'Status must be a whole number', 'invalid_status');
  }
  if (input.fulfilment !== undefined && !ADMIN_TASK_FULFILMENT_FILTERS.includes(input.fulfilment)) {
    throw new AppError('invalid', FULFILMENT_FILTER_MESSAGE, 'invalid_fulfilment');
  }
  const q = input.q?.trim() || undefined;
  if (q && q.length > MAX_SEARCH_LENGTH) throw new AppError('invalid', `q must be at most ${MAX_SEARCH_LENGTH} characters`, 'invalid_search');
  if (input.after !== undefined && input.before !== undefined) throw bothCursors();
  const cursor = input.after ?? input.before;
  const keyset =
    cursor === undefined
      ? undefined
      : { direction: input.after !== undefined ? ('after' as const) : ('before' as const), key: decodeTaskCursor(cursor, sortBy, sortOrder) };
  return {
    page,
    limit,
    sortBy,
    sortOrder,
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.fulfilment !== undefined ? { fulfilment: input.fulfilment } : {}),
    ...(q ? { q } : {}),
    ...(keyset ? { keyset } : {}),
  };
}

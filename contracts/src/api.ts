/**
 * The envelope and the shapes every area's answers share: the words of an action, lists and their
 * paging (docs/product.md#api). Frontends read answers as possibly missing (`?`); the backend's
 * response builders are typed with the same types (docs/architecture.md#contracts).
 */

/** The API envelope (docs/product.md#api). */
export type ApiSuccess<T extends object = Record<string, unknown>> = { success: true } & T;
export interface ApiFailure {
  success: false;
  message?: string | string[];
  error?: string;
}

/** The answer of an action that reports in words (a confirmation the page shows as it is). */
export interface MessageAnswer {
  message?: string;
}

/** The answer of an admin's change to their own account: the words and the session that replaces the old one. */
export interface MessageAndTokenAnswer extends MessageAnswer {
  token?: string;
  /** When the new session ends (ISO text). */
  expiresAt?: string;
}

/** Paging of customer lists and the users list. */
export interface PageMeta {
  total: number;
  page: number;
  perPage?: number;
  lastPage: number;
}

/** A list answered whole: its rows under `data`, read as possibly missing. */
export interface ListAnswer<T> {
  data?: T[];
}

/** One page of a customer list or of the users list: its rows and their `meta`, each read as possibly missing. */
export interface MetaPagedAnswer<T> extends ListAnswer<T> {
  meta?: Partial<PageMeta>;
}

/** Paging of the admin lists (tasks, orders, refunds, audit log), as backend/src/platform/http/admin-paging.ts builds it. */
export interface Paging {
  /** Exact, or the database's estimate for a broad search (the list says which it reports). */
  total: number;
  page: number;
  limit: number;
  /** At least 1, also for an empty list, so "page 1 of 1" reads right. */
  pages: number;
  /** Exact: the list reads one row more than the page. */
  hasNext: boolean;
  hasPrev: boolean;
}

/** One page of an admin list: its rows and their paging, each read as possibly missing. */
export interface PagedAnswer<T> extends ListAnswer<T> {
  paging?: Partial<Paging>;
}

/**
 * The answer of an action on one subscription (refund request, refill, a status or fulfilment step):
 * the subscription as it now stands, as the list that shows it types its rows, and the server's
 * words when it refused or did part of it.
 */
export interface SubscriptionAnswer<T> {
  subscription?: T | null;
  message?: unknown;
}

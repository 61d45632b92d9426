import { Injectable } from '@nestjs/common';
import { ensureRole } from '../../../platform/auth/auth.errors';
import type { Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import { bothCursors, MAX_ADMIN_PAGE } from '../../../platform/http/admin-paging';
import { type CursorSort, decodeCursor, encodeCursor, isCursorMicros } from '../../../platform/database/paging';
import { isUuid } from '../../../kernel/uuid';
import { pageCount } from '../../../kernel/paging';
import type { SubscriptionTotals } from '../domain/subscription-counts';
import { ClientDirectory, type ClientKey, type ClientListQuery, type ClientSummary } from './client-directory.port';
import { SubscriptionCounts } from './subscription-counts.port';

/** Admin users page size 10 (docs/product.md#limits); a caller may ask for up to 100. */
export const DEFAULT_CLIENTS_PER_PAGE = 10;
export const MAX_CLIENTS_PER_PAGE = 100;
export const MAX_CLIENT_SEARCH_LENGTH = 254;
export const CLIENT_CURSOR_MESSAGE = 'after/before must be a cursor from the last answer of the clients list; ask for the page by number instead';

/** The one order of the clients list, newest first; its name keeps a tasks cursor out (docs/operations.md#keyset-paging). */
const CLIENT_SORT: CursorSort = { by: 'clients.createdAt', order: 'desc' };

export interface ClientListInput {
  page?: number;
  limit?: number;
  search?: string;
  /** Next: the last answer's `cursors.next` (send page + 1 too). */
  after?: string;
  /** Previous: the last answer's `cursors.prev` (send page - 1 too). */
  before?: string;
}

export interface ClientPage {
  items: Array<ClientSummary & { subscriptions: SubscriptionTotals }>;
  /** Users list paging meta (docs/product.md#data-shapes: total, page, lastPage). */
  meta: { total: number; page: number; lastPage: number };
  /** Keyset cursors for Previous/Next: null at either end (docs/operations.md#keyset-paging). */
  cursors: { next: string | null; prev: string | null };
}

/**
 * POST /user/getAll: the admin's clients list (docs/product.md#admin: "Clients list with search and
 * paging"), each customer with their subscription counters: two queries for the page (ids, then
 * rows) and one for the counters of all its customers.
 */
@Injectable()
export class ListClientsUseCase {
  constructor(
    private readonly clients: ClientDirectory,
    private readonly subscriptionCounts: SubscriptionCounts,
  ) {}

  async execute(caller: Principal, input: ClientListInput): Promise<ClientPage> {
    ensureRole(caller, 'admin');
    const query = clientListQuery(input);
    const { items, total, next, prev } = await this.clients.page(query);
    const counts = await this.subscriptionCounts.countsFor(items.map((client) => client.userId));
    return {
      items: items.map((client) => ({ ...client, subscriptions: counts.get(client.userId) ?? { total: 0, active: 0, completed: 0 } })),
      meta: { total, page: query.page, lastPage: pageCount(total, query.limit) },
      cursors: { next: next ? encodeClientCursor(next) : null, prev: prev ? encodeClientCursor(prev) : null },
    };
  }
}

/** Defaults and ranges (the HTTP adapter refuses bad input first, with a 400 naming the field). */
export function clientListQuery(input: ClientListInput): ClientListQuery {
  const page = input.page ?? 1;
  const limit = input.limit ?? DEFAULT_CLIENTS_PER_PAGE;
  if (!Number.isSafeInteger(page) || page < 1 || page > MAX_ADMIN_PAGE) {
    throw new AppError('invalid', `page must be a whole number from 1 to ${MAX_ADMIN_PAGE}`, 'invalid_page');
  }
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_CLIENTS_PER_PAGE) {
    throw new AppError('invalid', `limit must be a whole number from 1 to ${MAX_CLIENTS_PER_PAGE}`, 'invalid_limit');
  }
  const search = input.search?.trim() || undefined;
  if (search && search.length > MAX_CLIENT_SEARCH_LENGTH) {
    throw new AppError('invalid', `search must be at most ${MAX_CLIENT_SEARCH_LENGTH} characters`, 'invalid_search');
  }
  if (input.after !== undefined && input.before !== undefined) throw bothCursors();
  const cursor = input.after ?? input.before;
  const keyset = cursor === undefined ? undefined : { direction: input.after !== undefined ? ('after' as const) : ('before' as const), key: decodeClientCursor(cursor) };
  return { page, limit, ...(search ? { search } : {}), ...(keyset ? { keyset } : {}) };
}

export function encodeClientCursor(key: ClientKey): string {
  return encodeCursor(CLIENT_SORT, [key.createdAtMicros, key.userId]);
}

/** A cursor back to its key; anything the server did not hand out for this list is a 400, never a database error. */
export function decodeClientCursor(cursor: string): ClientKey {
  const k = decodeCursor(cursor, CLIENT_SORT, 2);
  if (!k || !isCursorMicros(k[0]) || !isUuid(k[1])) throw new AppError('invalid', CLIENT_CURSOR_MESSAGE, 'invalid_cursor');
  return { createdAtMicros: k[0], userId: k[1] };
}

import { Injectable } from '@nestjs/common';
import { ensureRole } from '../../../platform/auth/auth.errors';
import type { Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import { MAX_ADMIN_PAGE } from '../../../platform/http/admin-paging';
import { pageCount } from '../../../kernel/paging';
import type { SubscriptionTotals } from '../domain/subscription-counts';
import { ClientDirectory, type ClientListQuery, type ClientSummary } from './client-directory.port';
import { SubscriptionCounts } from './subscription-counts.port';

/** Admin users page size 10 (docs/product.md#limits); a caller may ask for up to 100. */
export const DEFAULT_CLIENTS_PER_PAGE = 10;
export const MAX_CLIENTS_PER_PAGE = 100;
export const MAX_CLIENT_SEARCH_LENGTH = 254;

export interface ClientPage {
  items: Array<ClientSummary & { subscriptions: SubscriptionTotals }>;
  /** Users list paging meta (docs/product.md#data-shapes: total, page, lastPage). */
  meta: { total: number; page: number; lastPage: number };
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

  async execute(caller: Principal, input: { page?: number; limit?: number; search?: string }): Promise<ClientPage> {
    ensureRole(caller, 'admin');
    const query = clientListQuery(input);
    const { items, total } = await this.clients.page(query);
    const counts = await this.subscriptionCounts.countsFor(items.map((client) => client.userId));
    return {
      items: items.map((client) => ({ ...client, subscriptions: counts.get(client.userId) ?? { total: 0, active: 0, completed: 0 } })),
      meta: { total, page: query.page, lastPage: pageCount(total, query.limit) },
    };
  }
}

/** Defaults and ranges (the HTTP adapter refuses bad input first, with a 400 naming the field). */
export function clientListQuery(input: { page?: number; limit?: number; search?: string }): ClientListQuery {
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
  return { page, limit, ...(search ? { search } : {}) };
}

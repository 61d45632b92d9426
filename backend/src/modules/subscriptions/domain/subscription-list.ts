import { AppError } from '../../../platform/errors/app-error';
import { type PageMeta, pageMeta } from '../../../kernel/paging';
import { SUBSCRIPTION_STATUS, type Subscription, type SubscriptionStatus } from './subscription';

/**
 * The customer's two lists (docs/product.md#screens-and-routes Active and Completed lists). Active holds what is still being
 * delivered (Status 0 In Process); Completed holds every other Status, so a state added later
 * (cancelled, refunded...) lands there instead of vanishing from both lists.
 */
export type SubscriptionList = 'active' | 'completed';
export const SUBSCRIPTION_LISTS: readonly SubscriptionList[] = ['active', 'completed'];

export function listOf(status: SubscriptionStatus): SubscriptionList {
  return status === SUBSCRIPTION_STATUS.InProcess ? 'active' : 'completed';
}

/** Customer list page size 6 (docs/product.md#limits). A caller may ask for up to 50 per page. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 6;
export const MAX_PER_PAGE = 50;

export interface ListPageQuery {
  userId: string;
  which: SubscriptionList;
  page: number;
  perPage: number;
}

/** The customer lists' paging meta, one for every list (kernel/paging.ts). */
export { type PageMeta, pageMeta };

export interface SubscriptionPage {
  items: Subscription[];
  meta: PageMeta;
}

/**
 * Applies the defaults and checks the ranges. The HTTP adapter already refuses bad input with a
 * 400 naming the field; this keeps other callers from reaching the database with a page of 0.
 */
export function listPageQuery(input: { userId: string; which: SubscriptionList; page?: number; limit?: number }): ListPageQuery {
  const page = input.page ?? DEFAULT_PAGE;
  const perPage = input.limit ?? DEFAULT_PER_PAGE;
  if (!Number.isSafeInteger(page) || page < 1) throw new AppError('invalid', 'page must be a whole number of at least 1', 'invalid_page');
  if (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw new AppError('invalid', `limit must be a whole number from 1 to ${MAX_PER_PAGE}`, 'invalid_limit');
  }
  return { userId: input.userId, which: input.which, page, perPage };
}

import type { PlanStatus } from '@growth/kit';

/** Plan statuses (docs/product.md#plans-and-pricing); billing sells Active plans only. */
export const PLAN_STATUSES: readonly PlanStatus[] = ['Active', 'Inactive', 'Pending'];

/** Plan list page size (docs/product.md#limits). */
export const PLANS_PAGE_SIZE = 10;

import type { PlanStatus } from '@growth/kit';

/** Plan statuses (docs/product.md#plans-and-pricing); billing sells Active plans only. */
export const PLAN_STATUSES: readonly PlanStatus[] = ['Active', 'Inactive', 'Pending'];

/** Plan list page size (docs/product.md#limits). */
export const PLANS_PAGE_SIZE = 10;

/** One row of POST /plan/all. */
export interface PlanSummary {
  planId: string;
  name: string;
  slug?: string;
  platform?: string | null;
  status: PlanStatus | string;
  currency?: string;
  /** How many pricing tiers the plan has. */
  tiers?: number;
  updatedAt?: string;
}

export interface PlansAnswer {
  plans?: PlanSummary[];
  pages?: number;
  total?: number;
  page?: number;
}

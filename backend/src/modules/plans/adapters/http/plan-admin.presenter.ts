import type { ApiSuccess, Plan as PlanBody, PlansAnswer, PricingTier as PricingTierBody } from '@growth/contracts';
import type { PlanListPage } from '../../application/list-plans.use-case';
import { offerOf } from '../../../../kernel/purchased-tier';
import type { Plan, PricingTier } from '../../domain/plan';

/**
 * Responses of the admin's plan calls, built from an explicit list of fields (docs/architecture.md#api-contract)
 * and typed with the bodies the frontends read (docs/architecture.md#contracts).
 */
export function tierBody(tier: PricingTier): PricingTierBody {
  return offerOf(tier);
}

/** A plan's own fields, as every plan answer shows them. */
export function planFields(plan: Pick<Plan, 'planId' | 'name' | 'slug' | 'platform' | 'status' | 'currency'>): Omit<PlanBody, 'pricing'> {
  return {
    planId: plan.planId,
    name: plan.name,
    slug: plan.slug,
    platform: plan.platform,
    status: plan.status,
    currency: plan.currency,
  };
}

export function adminPlanBody(plan: Plan): PlanBody {
  return { ...planFields(plan), pricing: plan.tiers.map(tierBody) };
}

/** POST /plan/all: { success, plans, pages, total, page }. */
export function planListBody(page: PlanListPage): ApiSuccess<PlansAnswer> {
  return {
    success: true as const,
    plans: page.items.map((plan) => ({
      ...planFields(plan),
      tiers: plan.tierCount,
      updatedAt: plan.updatedAt.toISOString(),
    })),
    pages: page.pages,
    total: page.total,
    page: page.page,
  };
}

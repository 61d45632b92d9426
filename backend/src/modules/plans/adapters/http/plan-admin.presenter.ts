import type { PlanListPage } from '../../application/list-plans.use-case';
import type { Plan, PricingTier } from '../../domain/plan';

/** Responses of the admin's plan calls, built from an explicit list of fields (docs/architecture.md#api-contract). */
export function tierBody(tier: PricingTier) {
  return {
    pricingId: tier.pricingId,
    name: tier.name,
    price: tier.price,
    description: tier.description,
    features: [...tier.features],
    isPopular: tier.isPopular,
  };
}

export function adminPlanBody(plan: Plan) {
  return {
    planId: plan.planId,
    name: plan.name,
    slug: plan.slug,
    platform: plan.platform,
    status: plan.status,
    currency: plan.currency,
    pricing: plan.tiers.map(tierBody),
  };
}

/** POST /plan/all: { success, plans, pages, total, page }. */
export function planListBody(page: PlanListPage) {
  return {
    success: true as const,
    plans: page.items.map((plan) => ({
      planId: plan.planId,
      name: plan.name,
      slug: plan.slug,
      platform: plan.platform,
      status: plan.status,
      currency: plan.currency,
      tiers: plan.tierCount,
      updatedAt: plan.updatedAt.toISOString(),
    })),
    pages: page.pages,
    total: page.total,
    page: page.page,
  };
}

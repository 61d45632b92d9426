import type { Plan } from '../../domain/plan';

/** Response of POST /plan/getByName, built from an explicit list of fields (docs/architecture.md#api-contract). */
export function planByNameBody(plan: Plan) {
  return {
    success: true as const,
    planId: plan.planId,
    pricing: plan.tiers.map((tier) => ({
      pricingId: tier.pricingId,
      name: tier.name,
      price: tier.price,
      description: tier.description,
      features: [...tier.features],
      isPopular: tier.isPopular,
    })),
    plan: {
      planId: plan.planId,
      name: plan.name,
      slug: plan.slug,
      platform: plan.platform,
      status: plan.status,
      currency: plan.currency,
    },
  };
}

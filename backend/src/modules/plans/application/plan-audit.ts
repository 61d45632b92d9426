import type { Plan } from '../domain/plan';

/** A small snapshot of a plan for the audit log's before/after: its fields and a line per tier. */
export function planSnapshot(plan: Plan): Record<string, unknown> {
  return {
    name: plan.name,
    slug: plan.slug,
    platform: plan.platform,
    status: plan.status,
    currency: plan.currency,
    pricing: plan.tiers.map((tier) => `${tier.name}: ${tier.price}${tier.isPopular ? ' (Most Popular)' : ''}`),
  };
}

import { PLAN_STATUSES, type Plan, type PlanStatus, type PricingTier } from '../../domain/plan';
import type { PlanOrmEntity } from './plan.orm-entity';
import type { PricingTierOrmEntity } from './pricing-tier.orm-entity';

export function toPlan(row: PlanOrmEntity, tiers: PricingTierOrmEntity[]): Plan {
  return {
    planId: row.planId,
    name: row.name,
    slug: row.slug,
    platform: row.platform,
    status: (PLAN_STATUSES as readonly string[]).includes(row.status) ? row.status : ('Inactive' as PlanStatus),
    currency: row.currency,
    tiers: tiers.map(toPricingTier).sort((a, b) => a.position - b.position),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toPricingTier(row: PricingTierOrmEntity): PricingTier {
  return {
    pricingId: row.pricingId,
    name: row.name,
    price: decimalText(row.price),
    description: row.description,
    features: Array.isArray(row.features) ? row.features.map(String) : [],
    isPopular: row.isPopular,
    position: row.position,
  };
}

/** numeric(12,2) comes back as text from pg ("19.99"); normalise whatever the driver returns. */
function decimalText(value: string | number): string {
  return typeof value === 'number' ? value.toFixed(2) : value;
}

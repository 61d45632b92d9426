import { Injectable } from '@nestjs/common';
import type { PlanStatus } from '../domain/plan';
import { PlanRepository, type PlanSummary } from './plan.repository.port';

export interface PlanAtAddress {
  planId: string;
  /** The plan's own address (its pricing page is /services/{slug}). */
  slug: string;
  name: string;
  onSale: boolean;
  /** Why it is not on sale, when it is not: its status and how many pricing tiers it has (the admin's listing says which). */
  status: PlanStatus;
  tierCount: number;
  /** The lowest price of its tiers while it is on sale ("from $14.99" on the catalogue's cards); else null. */
  fromPrice?: { price: string; currency: string } | null;
}

/** Plans are one per platform: far fewer than this; a bound keeps one read bounded all the same. */
const MAX_PLANS = 10_000;

/**
 * Plans' facade for the catalogue's listing rule (docs/catalogue.md, "Listing rule"): the pricing
 * page addresses, as the plan lookup reads them (a plan's slug, or its name in lower case; a slug
 * match wins over a name match, then the oldest plan), each with whether the plan found there can
 * be bought: status Active and at least one pricing tier.
 */
@Injectable()
export class ListSellablePlansUseCase {
  constructor(private readonly plans: PlanRepository) {}

  /** Every address a plan answers at, with that plan's name and whether it is on sale. */
  async execute(): Promise<Map<string, PlanAtAddress>> {
    const { items } = await this.plans.pageForAdmin({ page: 1, perPage: MAX_PLANS, search: '' });
    const bySlug = new Map<string, PlanSummary>();
    const byName = new Map<string, PlanSummary>();
    for (const plan of items) {
      bySlug.set(plan.slug, plan);
      const name = plan.name.trim().toLowerCase();
      const known = byName.get(name);
      if (!known || plan.createdAt < known.createdAt) byName.set(name, plan);
    }
    const addresses = new Map<string, PlanAtAddress>();
    for (const [key, plan] of [...byName, ...bySlug]) {
      const onSale = plan.status === 'Active' && plan.tierCount > 0;
      const fromPrice = onSale && plan.lowestPrice !== null ? { price: plan.lowestPrice, currency: plan.currency } : null;
      addresses.set(key, { planId: plan.planId, slug: plan.slug, name: plan.name, onSale, status: plan.status, tierCount: plan.tierCount, fromPrice });
    }
    return addresses;
  }
}

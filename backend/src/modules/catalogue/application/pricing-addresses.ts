import { Injectable } from '@nestjs/common';
import { ListSellablePlansUseCase, type PlanAtAddress } from '../../plans/application/list-sellable-plans.use-case';
import { planNotFound } from '../domain/catalogue.errors';

/**
 * The pricing page addresses plans answer at, each with whether its plan is on sale (Active, with a
 * tier), as the plans module reads them (ListSellablePlansUseCase). Kept in memory and dropped on a
 * 'plans' or 'catalogue' change (see CatalogueModule), so the listing rule and every page load of
 * /services/{slug} cost no query while nothing changes.
 */
@Injectable()
export class PricingAddresses {
  private current: Promise<Map<string, PlanAtAddress>> | null = null;

  constructor(private readonly plans: ListSellablePlansUseCase) {}

  get(): Promise<Map<string, PlanAtAddress>> {
    if (!this.current) {
      const loading = this.plans.execute();
      this.current = loading;
      // A failed read is not kept: the next caller tries again.
      loading.catch(() => {
        if (this.current === loading) this.current = null;
      });
    }
    return this.current;
  }

  invalidate(): void {
    this.current = null;
  }
}

/** The plans by id, from the address table (every plan answers at least at its own slug). */
export function plansById(addresses: Map<string, PlanAtAddress>): Map<string, PlanAtAddress> {
  return new Map([...addresses.values()].map((plan) => [plan.planId, plan]));
}

/**
 * The plan that sells a service (docs/catalogue.md, "Listing rule"): the one it names by id, else,
 * while it names none, the plan found at its address. Null when there is none.
 */
export function sellingPlan(addresses: Map<string, PlanAtAddress>, service: { planId: string | null; slug: string }): PlanAtAddress | null {
  if (service.planId) return plansById(addresses).get(service.planId) ?? null;
  return addresses.get(service.slug) ?? null;
}

/** Which services are on sale, as a filter for the catalogue's page read (ServiceRepository.pageForCatalogue). */
export interface OnSaleFilter {
  /** A service naming one of these plans is on sale. */
  planIds: string[];
  /** A service naming no plan is on sale when its address is one of these. */
  slugs: string[];
}

export function onSaleFilter(addresses: Map<string, PlanAtAddress>): OnSaleFilter {
  const onSale = [...addresses].filter(([, plan]) => plan.onSale);
  return { planIds: [...new Set(onSale.map(([, plan]) => plan.planId))], slugs: onSale.map(([slug]) => slug) };
}

/**
 * Why a service is not in the public catalogue, or null when it is (docs/catalogue.md, "Listing
 * rule"): no plan sells it; its plan is not Active; its plan is Active but has no pricing tier.
 */
export type NotListedReason = 'no_plan' | 'plan_not_active' | 'no_tier';

/** Whether the public catalogue lists a service, what is missing when not, and the plan to fix it in. */
export interface Listing {
  listed: boolean;
  reason: NotListedReason | null;
  /** The admin's words for what is missing; null while listed. */
  message: string | null;
  /** The plan that sells the service (its edit page fixes a plan that is not on sale); null when none. */
  planId: string | null;
}

export function notListedReason(addresses: Map<string, PlanAtAddress>, service: { planId: string | null; slug: string }): NotListedReason | null {
  return listingOf(addresses, service).reason;
}

/** A service's listing, read from the plan that sells it. */
export function listingOf(addresses: Map<string, PlanAtAddress>, service: { planId: string | null; slug: string }): Listing {
  const plan = sellingPlan(addresses, service);
  if (!plan) return { listed: false, reason: 'no_plan', message: noPlanMessage(service.slug), planId: null };
  if (plan.onSale) return { listed: true, reason: null, message: null, planId: plan.planId };
  if (plan.status !== 'Active') {
    const tiers = plan.tierCount > 0 ? '' : ', and has no pricing tier';
    return { listed: false, reason: 'plan_not_active', message: `Not listed: its plan is ${plan.status}, not Active${tiers}.`, planId: plan.planId };
  }
  return { listed: false, reason: 'no_tier', message: 'Not listed: its plan has no pricing tier.', planId: plan.planId };
}

/**
 * A service no plan sells. Starts with the rule ("no Active plan with a tier"), which the shop's
 * browser specs read, then says what is missing and where.
 */
function noPlanMessage(slug: string): string {
  return `Not listed: no Active plan with a tier. No plan at /services/${slug} yet: create its plan and tiers to sell it.`;
}

/**
 * The plan a save leaves a service with: the one sent (`null`: none), else the one that sells it now
 * (named, or found at its address before the save), else the one at its address after the save; so
 * a new heading keeps it on sale. A plan id that names no plan is refused.
 */
export function planAfterSave(
  addresses: Map<string, PlanAtAddress>,
  before: { planId: string | null; slug: string } | null,
  slugAfter: string,
  sent: string | null | undefined,
): string | null {
  if (sent === undefined) return (before && sellingPlan(addresses, before)?.planId) ?? addresses.get(slugAfter)?.planId ?? null;
  if (sent !== null && !plansById(addresses).has(sent)) throw planNotFound();
  return sent;
}

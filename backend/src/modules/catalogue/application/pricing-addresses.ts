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

/** Why a service is not in the public catalogue, or null when it is (docs/catalogue.md, "Listing rule"). */
export type NotListedReason = 'no_plan' | 'plan_not_on_sale';

export function notListedReason(addresses: Map<string, PlanAtAddress>, service: { planId: string | null; slug: string }): NotListedReason | null {
  const plan = sellingPlan(addresses, service);
  if (!plan) return 'no_plan';
  return plan.onSale ? null : 'plan_not_on_sale';
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

/** The admin's words for a reason a service is not listed (the admin list shows them too). */
export const NOT_LISTED_MESSAGES: Record<NotListedReason, string> = {
  no_plan: 'Not listed: no Active plan with a tier. No plan answers at this address yet.',
  plan_not_on_sale: 'Not listed: no Active plan with a tier. The plan at this address is not Active, or has no pricing tier.',
};

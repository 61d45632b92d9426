import { Injectable } from '@nestjs/common';
import { ListSellablePlansUseCase, type PlanAtAddress } from '../../plans/application/list-sellable-plans.use-case';

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

/** Why a service is not in the public catalogue, or null when it is (docs/catalogue.md, "Listing rule"). */
export type NotListedReason = 'no_plan' | 'plan_not_on_sale';

export function notListedReason(addresses: Map<string, PlanAtAddress>, slug: string): NotListedReason | null {
  const plan = addresses.get(slug);
  if (!plan) return 'no_plan';
  return plan.onSale ? null : 'plan_not_on_sale';
}

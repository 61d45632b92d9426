import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import type { Plan, PricingTier } from '../domain/plan';
import { planNotFound } from '../domain/plans.errors';
import { PlanRepository } from './plan.repository.port';
import { isUuid } from '../../../kernel/uuid';

/** A tier a customer may buy now, with the plan it belongs to. */
export interface TierForSale {
  plan: Pick<Plan, 'planId' | 'name' | 'slug' | 'platform' | 'status' | 'currency'>;
  tier: PricingTier;
}

/**
 * Plans' facade for billing: the tier `pricingId` of plan `planId`, only when the tier belongs to
 * that plan and the plan is Active (Inactive or Pending plans are not sold).
 */
@Injectable()
export class FindTierForSaleUseCase {
  constructor(private readonly plans: PlanRepository) {}

  async execute(planId: string, pricingId: string): Promise<TierForSale> {
    const plan = isUuid(planId) ? await this.plans.findById(planId) : null;
    if (!plan) throw planNotFound();
    const tier = plan.tiers.find((t) => t.pricingId === pricingId);
    if (!tier) throw new AppError('not_found', 'This pricing tier does not belong to the plan.', 'pricing_not_found');
    if (plan.status !== 'Active') {
      throw new AppError('conflict', `${plan.name} packages are not on sale right now.`, 'plan_not_on_sale');
    }
    const { tiers: _tiers, createdAt: _c, updatedAt: _u, ...summary } = plan;
    return { plan: summary, tier };
  }
}

import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import type { Plan } from '../domain/plan';
import { PlanRepository } from './plan.repository.port';

export const planNotFound = () => new AppError('not_found', 'Plan not found', 'plan_not_found');
export const pricingNotFound = () => new AppError('not_found', 'Pricing tier not found', 'pricing_not_found');

/** One plan with its tiers, by id, for the admin's plan edit screen. */
@Injectable()
export class GetPlanUseCase {
  constructor(private readonly plans: PlanRepository) {}

  async execute(planId: string): Promise<Plan> {
    const plan = await this.plans.findById(planId);
    if (!plan) throw planNotFound();
    return plan;
  }
}

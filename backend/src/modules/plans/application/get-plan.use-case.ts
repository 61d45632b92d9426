import { Injectable } from '@nestjs/common';
import type { Plan } from '../domain/plan';
import { planNotFound } from '../domain/plans.errors';
import { PlanRepository } from './plan.repository.port';

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

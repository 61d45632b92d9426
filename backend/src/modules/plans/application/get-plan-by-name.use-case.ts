import { Injectable } from '@nestjs/common';
import { planNotFound } from '../domain/plans.errors';
import type { Plan } from '../domain/plan';
import { PlanRepository } from './plan.repository.port';

/** The plan behind a pricing page, found by plan name or platform slug ('YouTube' or 'youtube'). */
@Injectable()
export class GetPlanByNameUseCase {
  constructor(private readonly plans: PlanRepository) {}

  async execute(name: string): Promise<Plan> {
    const plan = await this.plans.findByNameOrSlug(name.trim());
    if (!plan) throw planNotFound();
    return plan;
  }
}

import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import type { Plan } from '../domain/plan';
import { PlanRepository } from './plan.repository.port';

/** The plan behind a pricing page, found by plan name or platform slug ('YouTube' or 'youtube'). */
@Injectable()
export class GetPlanByNameUseCase {
  constructor(private readonly plans: PlanRepository) {}

  async execute(name: string): Promise<Plan> {
    const plan = await this.plans.findByNameOrSlug(name.trim());
    if (!plan) throw new AppError('not_found', 'Plan not found', 'plan_not_found');
    return plan;
  }
}

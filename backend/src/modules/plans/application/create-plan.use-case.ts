import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { ChangeEvents } from '../../../platform/events/change-events';
import type { Plan } from '../domain/plan';
import { type NewPlanInput, newPlanOf } from '../domain/plan-form';
import { planSnapshot } from './plan-audit';
import { PlanRepository } from './plan.repository.port';

/**
 * An admin adds a plan for a platform (docs/product.md#plans-and-pricing: the original product has no create, so a new platform could
 * never be sold). Its slug, the pricing page's address, is the platform's; one plan per platform.
 */
@Injectable()
export class CreatePlanUseCase {
  constructor(
    private readonly plans: PlanRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
  ) {}

  async execute(actor: Principal, input: NewPlanInput): Promise<Plan> {
    const form = newPlanOf(input);
    return this.uow.run(async () => {
      const plan = await this.plans.create(form);
      await this.audit.record(actor, { action: 'plan.create', entity: 'plan', entityId: plan.planId, after: planSnapshot(plan) });
      this.changes.publish('plans');
      return plan;
    });
  }
}

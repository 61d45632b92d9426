import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { ChangeEvents } from '../../../platform/events/change-events';
import type { Plan } from '../domain/plan';
import { type PlanChangesInput, planChangesOf } from '../domain/plan-form';
import { planNotFound } from '../domain/plans.errors';
import { planSnapshot } from './plan-audit';
import { PlanRepository } from './plan.repository.port';

/**
 * An admin edits a plan: name, status (Active, Inactive, Pending: only Active plans are sold) and
 * tiers (those with a pricingId are updated, those without are created, those not sent are kept:
 * removing one is /plan/deletePricing). The pricing page shows it at once (change event 'plans').
 */
@Injectable()
export class UpdatePlanUseCase {
  constructor(
    private readonly plans: PlanRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
  ) {}

  async execute(actor: Principal, planId: string, input: PlanChangesInput): Promise<Plan> {
    return this.uow.run(async () => {
      const before = await this.plans.findForChange(planId);
      if (!before) throw planNotFound();
      // Prices are checked in the plan's currency (the most one order may carry differs with it).
      const changes = planChangesOf(input, before.currency);
      const after = await this.plans.saveChanges(planId, changes);
      if (!after) throw planNotFound();
      await this.audit.record(actor, { action: 'plan.update', entity: 'plan', entityId: planId, before: planSnapshot(before), after: planSnapshot(after) });
      this.changes.publish('plans');
      return after;
    });
  }
}

import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { ChangeEvents } from '../../../platform/events/change-events';
import { planNotFound } from '../domain/plans.errors';
import { planSnapshot } from './plan-audit';
import { PlanRepository } from './plan.repository.port';

/**
 * An admin deletes a plan and its tiers. Subscriptions keep their copy of the tier as bought; an
 * unpaid order for the plan can no longer be created (404 'Plan not found').
 */
@Injectable()
export class DeletePlanUseCase {
  constructor(
    private readonly plans: PlanRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
  ) {}

  async execute(actor: Principal, planId: string): Promise<void> {
    await this.uow.run(async () => {
      const before = await this.plans.findForChange(planId);
      if (!before || !(await this.plans.delete(planId))) throw planNotFound();
      await this.audit.record(actor, { action: 'plan.delete', entity: 'plan', entityId: planId, before: planSnapshot(before) });
      this.changes.publish('plans');
    });
  }
}

import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { ChangeEvents } from '../../../platform/events/change-events';
import type { Plan } from '../domain/plan';
import { planNotFound, pricingNotFound } from '../domain/plans.errors';
import { PlanRepository } from './plan.repository.port';

/**
 * An admin removes one pricing tier and gets the plan back. A plan keeps at least one tier (its
 * pricing page would have nothing to show): add the replacement first. The plan's row is locked
 * meanwhile, so two removals at once cannot empty it either.
 */
@Injectable()
export class DeletePricingUseCase {
  constructor(
    private readonly plans: PlanRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
  ) {}

  async execute(actor: Principal, pricingId: string): Promise<Plan> {
    return this.uow.run(async () => {
      const planId = await this.plans.findPlanIdOfTier(pricingId);
      const plan = planId ? await this.plans.findForChange(planId) : null;
      const tier = plan?.tiers.find((candidate) => candidate.pricingId === pricingId);
      if (!plan || !tier) throw pricingNotFound();
      if (plan.tiers.length === 1) {
        throw new AppError('conflict', 'A plan needs at least one pricing tier: add another one before removing this one.', 'last_pricing_tier');
      }
      await this.plans.deleteTier(pricingId);
      await this.audit.record(actor, {
        action: 'pricing.delete',
        entity: 'pricing',
        entityId: pricingId,
        before: { planId: plan.planId, plan: plan.name, name: tier.name, price: tier.price, isPopular: tier.isPopular },
      });
      this.changes.publish('plans');
      const after = await this.plans.findById(plan.planId);
      if (!after) throw planNotFound();
      return after;
    });
  }
}

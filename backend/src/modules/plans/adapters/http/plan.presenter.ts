import type { ApiSuccess, PlanAnswer } from '@growth/contracts';
import type { Plan } from '../../domain/plan';
import { planFields, tierBody } from './plan-admin.presenter';

/**
 * Response of POST /plan/getByName, built from an explicit list of fields (docs/architecture.md#api-contract).
 * Each tier's `refillDays` is the refill guarantee of its fulfilment mapping (0: none; docs/refill.md).
 */
export function planByNameBody(plan: Plan, refillDays: ReadonlyMap<string, number> = new Map()): ApiSuccess<PlanAnswer> {
  return {
    success: true as const,
    planId: plan.planId,
    pricing: plan.tiers.map((tier) => ({ ...tierBody(tier), refillDays: refillDays.get(tier.pricingId) ?? 0 })),
    plan: planFields(plan),
  };
}

import { Injectable } from '@nestjs/common';
import { ensureRole } from '../../../platform/auth/auth.errors';
import type { Principal } from '../../../platform/auth/principal';
import { AppError, type AppErrorKind } from '../../../platform/errors/app-error';
import { SUBSCRIPTION_STATUS } from '../domain/subscription';
import { UpdateSubscriptionStatusUseCase } from './update-subscription-status.use-case';

/** How many orders one call may mark (a page of the task list holds at most 100). */
export const MAX_ORDERS_AT_ONCE = 100;

/** The refusals that belong to one order rather than to the call. */
const ORDER_REFUSALS = new Set<AppErrorKind>(['not_found', 'conflict']);

export type CompleteOrderOutcome =
  { subscriptionId: string; outcome: 'completed'; status: number } | { subscriptionId: string; outcome: 'refused'; error: string; message: string };

/**
 * POST /admin/tasks/complete (docs/product.md#api): staff mark several orders Completed at once.
 * Each order goes through the same use case as the single Status toggle, in a transaction of its
 * own: its row locked, its Status set, the change audited and the customer's mail sent once, or
 * refused with that use case's reason (a fully refunded order, an unknown id). So the call is
 * idempotent (an order already Completed stays so, recorded and mailed once, however many calls
 * race), one order's refusal leaves the others done, and the orders are taken one after another,
 * which holds one row lock at a time (no deadlock between parallel calls). The answer gives every
 * order's outcome, in the order sent, duplicates once.
 */
@Injectable()
export class CompleteOrdersUseCase {
  constructor(private readonly updateStatus: UpdateSubscriptionStatusUseCase) {}

  async execute(caller: Principal, subscriptionIds: readonly string[]): Promise<CompleteOrderOutcome[]> {
    ensureRole(caller, 'admin');
    const outcomes: CompleteOrderOutcome[] = [];
    for (const subscriptionId of [...new Set(subscriptionIds)]) {
      try {
        const subscription = await this.updateStatus.execute(caller, subscriptionId, SUBSCRIPTION_STATUS.Completed);
        outcomes.push({ subscriptionId, outcome: 'completed', status: subscription.status });
      } catch (error) {
        // An order's own refusal (not found, refunded in full) is its outcome; anything else (the
        // database down, a role) fails the call as the single toggle would, the orders before it kept.
        if (!(error instanceof AppError) || !ORDER_REFUSALS.has(error.kind)) throw error;
        outcomes.push({ subscriptionId, outcome: 'refused', error: error.code, message: error.message });
      }
    }
    return outcomes;
  }
}

import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import { ensureRole } from '../../../platform/auth/auth.errors';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { ADMIN_SETTABLE_STATUSES, SUBSCRIPTION_STATUS, type Subscription } from '../domain/subscription';
import { orderRefunded, subscriptionNotFound } from '../domain/subscriptions.errors';
import { CompletionMails } from './completion-mails';
import { SubscriptionRepository } from './subscription.repository.port';

export const STATUS_MESSAGE = 'Status must be 0 (In Process) or 1 (Completed)';

/**
 * POST /admin/upStatus: staff move a subscription between In Process (0) and Completed (1); the
 * customer's Active and Completed lists follow at once. In one transaction: lock the row, set the
 * Status, and record the change ('subscription.status', before and after) in the audit log, so the
 * change and its record commit together. Setting the Status it already has changes nothing and
 * records nothing. Completed mails the customer, once per order (CompletionMails). Returns the
 * subscription as it is now.
 */
@Injectable()
export class UpdateSubscriptionStatusUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: SubscriptionRepository,
    private readonly audit: AuditLog,
    private readonly completionMails?: CompletionMails,
  ) {}

  async execute(caller: Principal, subscriptionId: string, sent: number): Promise<Subscription> {
    ensureRole(caller, 'admin');
    const status = ADMIN_SETTABLE_STATUSES.find((settable) => settable === sent);
    if (status === undefined) throw new AppError('invalid', STATUS_MESSAGE, 'invalid_status');
    return this.uow.run(async () => {
      const changed = await this.subscriptions.changeStatus(subscriptionId, status);
      if (!changed) throw subscriptionNotFound();
      // A Refunded order is over (docs/refunds.md#a-full-refund-ends-the-order). `before` is the locked
      // row's Status; throwing rolls the change back, so a refund that committed first always wins.
      if (changed.before === SUBSCRIPTION_STATUS.Refunded) throw orderRefunded();
      if (changed.before !== status) {
        await this.audit.record(caller, {
          action: 'subscription.status',
          entity: 'subscription',
          entityId: subscriptionId,
          before: { Status: changed.before },
          after: { Status: status },
        });
        // The customer hears of it once per order, in this transaction (docs/refill.md, "Mails").
        if (status === SUBSCRIPTION_STATUS.Completed) await this.completionMails?.send([subscriptionId]);
      }
      return changed.subscription;
    });
  }
}

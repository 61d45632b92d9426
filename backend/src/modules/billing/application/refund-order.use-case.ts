import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { SubscriptionRefunds } from '../../subscriptions/application/subscription-refunds.port';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { formatMinorUnits } from '../../../kernel/money';
import { subscriptionNotFound } from '../../subscriptions/domain/subscriptions.errors';
import type { Refund } from '../domain/refund';
import { IssueRefund } from './issue-refund';
import { staffAmount } from './staff-amount';

/**
 * POST /admin/refunds: staff refund any paid order, all that is left or a part (docs/refunds.md).
 * Stored, summarised and audited ('refund.create') in one transaction; then one gateway call.
 * Returns the refund as it is after that call, and the subscription.
 */
@Injectable()
export class RefundOrderUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: SubscriptionRefunds,
    private readonly issue: IssueRefund,
    private readonly audit: AuditLog,
  ) {}

  async execute(caller: Principal, command: { subscriptionId: string; amount?: string; reason: string }): Promise<{ refund: Refund; subscription: Subscription }> {
    const subscription = await this.subscriptions.findById(command.subscriptionId);
    if (!subscription) throw subscriptionNotFound();
    const amount = staffAmount(command.amount, subscription.pricing.currency);
    const recorded = await this.uow.run(async () => {
      const refund = await this.issue.record({
        orderId: subscription.orderId,
        amount,
        reason: 'staff',
        note: command.reason,
        actor: { role: 'admin', id: caller.id },
      });
      await this.audit.record(caller, {
        action: 'refund.create',
        entity: 'subscription',
        entityId: subscription.subscriptionId,
        after: { refundId: refund.refundId, amount: formatMinorUnits(refund.amount, refund.currency), currency: refund.currency, reason: command.reason },
      });
      return refund;
    });
    const refund = await this.issue.send(recorded);
    return { refund, subscription: (await this.subscriptions.findById(subscription.subscriptionId)) ?? subscription };
  }
}

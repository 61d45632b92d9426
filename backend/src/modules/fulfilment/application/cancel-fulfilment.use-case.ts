import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { Clock } from '../../../platform/time/clock';
import { FulfilmentLedger } from '../application/fulfilment-ledger.port';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { subscriptionNotFound } from '../../subscriptions/domain/subscriptions.errors';
import { ShortfallJobs } from './shortfall-jobs';

export const CANCEL_CONFLICT_MESSAGE = 'Only an order not yet placed upstream can be cancelled here; cancel a placed one on the provider panel';

/**
 * POST /admin/fulfilment/cancel: an order not placed upstream (`queued` or `needs_review`) is
 * cancelled: fulfilment `canceled`, Status 3 (Canceled), audited ('fulfilment.cancel') in the same
 * transaction, then refunded in full by billing (docs/refunds.md). A placed one is cancelled on the
 * provider's panel (its status then says so).
 * Returns the subscription as it is now.
 */
@Injectable()
export class CancelFulfilmentUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ledger: FulfilmentLedger,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly shortfalls: ShortfallJobs,
  ) {}

  async execute(caller: Principal, subscriptionId: string): Promise<Subscription> {
    const cancelled = await this.uow.run(async () => {
      const before = await this.ledger.findById(subscriptionId);
      if (!before) throw subscriptionNotFound();
      const result = await this.ledger.cancel(subscriptionId, this.clock.now());
      if (!result) throw subscriptionNotFound();
      if (!result.changed) throw new AppError('conflict', CANCEL_CONFLICT_MESSAGE, 'fulfilment_not_cancellable');
      await this.audit.record(caller, {
        action: 'fulfilment.cancel',
        entity: 'subscription',
        entityId: subscriptionId,
        before: { state: before.fulfilment?.state ?? null, Status: before.status },
        after: { state: 'canceled', Status: result.subscription.status },
      });
      return result.subscription;
    });
    // Paid and never delivered: billing refunds it in full (docs/refunds.md).
    await this.shortfalls.enqueue([cancelled.subscriptionId]);
    return cancelled;
  }
}

import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { retryNotInReview } from '../domain/fulfilment.errors';
import { Clock } from '../../../platform/time/clock';
import { FulfilmentLedger } from '../application/fulfilment-ledger.port';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { subscriptionNotFound } from '../../subscriptions/domain/subscriptions.errors';
import { PlacementJobs } from './placement-jobs';
import { panelOff } from './provider-calls';
import { ProviderPanel } from './provider-panel.port';

/**
 * POST /admin/fulfilment/retry: staff checked the provider panel and want an order that needs review
 * placed (again, on purpose): `needs_review` → `queued`, audited ('fulfilment.retry') in the same
 * transaction, and a new place-order job (a new id: the order was queued anew) after the commit.
 * Returns the subscription as it is now.
 */
@Injectable()
export class RetryFulfilmentUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ledger: FulfilmentLedger,
    private readonly panel: ProviderPanel,
    private readonly jobs: PlacementJobs,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Principal, subscriptionId: string): Promise<Subscription> {
    return this.uow.run(async () => {
      const before = await this.ledger.findById(subscriptionId);
      if (!before) throw subscriptionNotFound();
      if (before.fulfilment?.state !== 'needs_review') throw retryNotInReview();
      if (!this.panel.enabled) throw panelOff();
      const result = await this.ledger.retry(subscriptionId, this.clock.now());
      if (!result) throw subscriptionNotFound();
      const queuedAt = result.subscription.fulfilment?.queuedAt;
      if (!result.changed || !queuedAt) throw retryNotInReview();
      await this.audit.record(caller, {
        action: 'fulfilment.retry',
        entity: 'subscription',
        entityId: subscriptionId,
        before: { state: 'needs_review', note: before.fulfilment.note },
        after: { state: 'queued' },
      });
      this.uow.afterCommit(() => void this.jobs.enqueue(subscriptionId, queuedAt));
      return result.subscription;
    });
  }
}

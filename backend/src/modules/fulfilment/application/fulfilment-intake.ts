import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { Clock } from '../../../platform/time/clock';
import { FulfilmentLedger } from '../application/fulfilment-ledger.port';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { PlacementJobs } from './placement-jobs';
import { ProviderPanel } from './provider-panel.port';
import { TierMappingRepository } from './tier-mapping.repository.port';

/**
 * The fulfilment module's facade for billing: a subscription just created from a paid order goes
 * on the automatic path when the provider panel is on and its tier is mapped to an upstream service.
 *
 * Called inside CompletePayment's transaction: the `queued` state commits with the subscription
 * (or not at all), and the place-order job is enqueued only after that commit. A job that cannot
 * be enqueued is logged, not thrown (the payment stands); the sync pass enqueues it again.
 */
@Injectable()
export class FulfilmentIntake {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly panel: ProviderPanel,
    private readonly mappings: TierMappingRepository,
    private readonly ledger: FulfilmentLedger,
    private readonly jobs: PlacementJobs,
    private readonly clock: Clock,
  ) {}

  /** True when the subscription was queued for the provider; false when it stays manual. */
  async accept(subscription: Subscription): Promise<boolean> {
    if (!this.panel.enabled) return false;
    const mapping = await this.mappings.findByTier(subscription.pricing.pricingId);
    if (!mapping) return false;
    const queuedAt = this.clock.now();
    // The refill guarantee is the one of the mapping at purchase (docs/refill.md): later edits do not change it.
    const queued = await this.ledger.queue(
      subscription.subscriptionId,
      { serviceId: mapping.serviceId, serviceName: mapping.serviceName, quantity: mapping.quantity, refillDays: mapping.refillDays },
      queuedAt,
    );
    if (!queued) return false;
    this.uow.afterCommit(() => void this.jobs.enqueue(subscription.subscriptionId, queuedAt));
    return true;
  }
}

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

  /**
   * The order was refunded in full (called in billing's transaction that records the refund): one
   * not placed yet (`queued`, or `needs_review`) never is: it becomes `canceled` with a note for
   * staff. The place-order job claims only a `queued` order by a conditional UPDATE, so of the two
   * exactly one wins: withdrawn, or already being placed (docs/refunds.md#a-full-refund-ends-the-order).
   * True when it was withdrawn; false for an order being placed, placed, finished or on the manual path.
   */
  withdraw(subscriptionId: string): Promise<boolean> {
    return this.ledger.withdraw(subscriptionId, WITHDRAWN_NOTE, this.clock.now());
  }
}

/** The note staff read on an order withdrawn by a full refund. */
export const WITHDRAWN_NOTE =
  'Refunded in full before it was placed: it is not sent to the provider. If an earlier unclear answer means the panel took it, cancel it on the panel.';

import { asciiLink } from '../domain/ascii-link';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../platform/time/clock';
import { FulfilmentLedger, type UpstreamOrderHolder, UpstreamOrderTaken } from '../application/fulfilment-ledger.port';
import { ProviderError, ProviderPanel } from './provider-panel.port';

export type PlaceOrderOutcome =
  /** Not `queued` (any more): another job took it, staff cancelled it, or it is not on the automatic path. */
  | { outcome: 'not_queued' }
  /** The provider panel is off (manual): the order stays `queued` until it is on again or staff cancel it. */
  | { outcome: 'panel_off' }
  | { outcome: 'placed'; upstreamOrderId: string }
  /** Nothing reached the provider: `queued` again; the sync pass enqueues it once it has waited. */
  | { outcome: 'requeued'; note: string }
  | { outcome: 'needs_review'; note: string };

/** Staff notes (shown in the admin's tasks). */
export const refusedNote = (text: string) => `The provider refused the order: ${text}`;
/** `why` is the adapter's sentence ('The provider did not answer within 15 s'). */
export const unclearNote = (why: string) => `${why}: it may have placed the order. Check its panel, then link the order, retry or cancel.`;
export const unreachableNote = (why: string) => `${why}; the order is tried again.`;
/**
 * The provider answered `add` with an id another order of ours already holds (docs/fulfilment.md,
 * "One provider order, one order of ours"): this order is not followed under it.
 */
export const duplicateNote = (upstreamOrderId: string, holder: UpstreamOrderHolder | null) =>
  `The provider answered with order id ${upstreamOrderId}, which is already ${holder ? `order ${holder.orderId}'s` : "another order's"}: it may not have placed this one. Check its panel, then link this order's own id, retry or cancel.`;
const unrecordedNote = (upstreamOrderId: string, why: string) =>
  `Placed upstream as order ${upstreamOrderId}, but the app could not record it (${why}): do not retry; check order ${upstreamOrderId} on the provider panel`;

/**
 * The place-order job: places one queued subscription with the provider, at most once.
 *
 * 1. claim it (`queued` → `placing`), committed on its own BEFORE the call: a crash or restart during
 *    the call leaves `placing` behind, which the sync pass turns into `needs_review`, never into a
 *    second order (API v2 has no idempotency key);
 * 2. `add` {service, link, quantity};
 * 3. record the provider's order id (`open`), or by the kind of failure: unreachable → `queued` again
 *    (nothing reached the provider), refused → `needs_review` with its text, unclear (timeout, HTTP
 *    error, unreadable answer) → `needs_review`: the provider may have acted, so staff check first.
 *    An id another order of ours already holds is never followed twice: `needs_review`, the note
 *    naming that order (the database's unique index decides when two placements race).
 */
@Injectable()
export class PlaceOrderUseCase {
  private readonly logger = new Logger('Fulfilment');

  constructor(
    private readonly ledger: FulfilmentLedger,
    private readonly panel: ProviderPanel,
    private readonly clock: Clock,
  ) {}

  async execute(subscriptionId: string): Promise<PlaceOrderOutcome> {
    if (!this.panel.enabled) {
      this.logger.warn(`Order ${subscriptionId} is queued for the provider, but the provider panel is off (FULFILMENT_PROVIDER=manual); it waits`);
      return { outcome: 'panel_off' };
    }
    const claimed = await this.ledger.claimForPlacing(subscriptionId, this.clock.now());
    if (!claimed) return { outcome: 'not_queued' };

    let upstreamOrderId: string;
    try {
      // Panels refuse non-ASCII links: sent as a browser would (docs/fulfilment.md#links-in-ascii).
      upstreamOrderId = await this.panel.add({ service: claimed.serviceId, link: asciiLink(claimed.link), quantity: claimed.quantity });
    } catch (error) {
      return this.failed(subscriptionId, error);
    }

    try {
      const placed = await this.ledger.markPlaced(subscriptionId, upstreamOrderId, this.clock.now());
      if (!placed) {
        this.logger.error(
          `Order ${subscriptionId} WAS PLACED upstream as provider order ${upstreamOrderId}, but it was no longer 'placing' when the answer came (taken for review meanwhile): check provider order ${upstreamOrderId} before retrying`,
        );
      }
    } catch (error) {
      if (error instanceof UpstreamOrderTaken) return this.taken(subscriptionId, error);
      const why = (error as Error).message;
      this.logger.error(
        `Order ${subscriptionId} WAS PLACED upstream as provider order ${upstreamOrderId}, but storing it failed (${why}): do not place it again`,
        (error as Error).stack,
      );
      // Leave the upstream id where staff see it; should this fail too, the job fails and the sync
      // pass moves the order from `placing` to `needs_review` once its call can no longer be running (timeout + 30 s).
      await this.ledger.markNeedsReview(subscriptionId, unrecordedNote(upstreamOrderId, why), this.clock.now());
    }
    return { outcome: 'placed', upstreamOrderId };
  }

  /** The id answered is another order's: this one goes to review, its note naming that order. */
  private async taken(subscriptionId: string, taken: UpstreamOrderTaken): Promise<PlaceOrderOutcome> {
    const note = duplicateNote(taken.upstreamOrderId, taken.holder);
    await this.ledger.markNeedsReview(subscriptionId, note, this.clock.now());
    this.logger.warn(`Order ${subscriptionId} needs review: ${note}`);
    return { outcome: 'needs_review', note };
  }

  private async failed(subscriptionId: string, error: unknown): Promise<PlaceOrderOutcome> {
    const why = (error as Error)?.message ?? String(error);
    const now = this.clock.now();
    if (error instanceof ProviderError && error.failure === 'unreachable') {
      const note = unreachableNote(why);
      await this.ledger.requeue(subscriptionId, note, now);
      this.logger.warn(`Order ${subscriptionId}: ${note}`);
      return { outcome: 'requeued', note };
    }
    // A refusal is the provider's word; anything else (unclear, or an error that is not the
    // adapter's) may have reached the provider: never place it again without staff.
    const note = error instanceof ProviderError && error.failure === 'rejected' ? refusedNote(why) : unclearNote(why);
    await this.ledger.markNeedsReview(subscriptionId, note, now);
    this.logger.warn(`Order ${subscriptionId} needs review: ${note}`);
    return { outcome: 'needs_review', note };
  }
}

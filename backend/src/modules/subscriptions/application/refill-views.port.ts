import type { SubscriptionRefill } from '@growth/contracts';
import type { RefillRecord, SubscriptionRefills } from '../../../kernel/delivery-summary';

/** What the refill rules read of an order to judge its card. */
export interface RefillOrder {
  /** Subscription Status (kernel/order-status.ts). */
  status: number;
  /** The provider's order id; null: never placed upstream. */
  upstreamOrderId: string | null;
  refills: SubscriptionRefills;
  /** Its price was refunded in full (domain/refund-summary.ts). */
  refundedInFull: boolean;
}

type RefillMoments = 'requestedAt' | 'settledAt' | 'until' | 'nextRequestAt';
/** The customer's view of an order's refills: the card's body with its times as Dates (the presenter writes them out). */
export type RefillView = Omit<SubscriptionRefill, RefillMoments> & Record<RefillMoments, Date | null>;

/**
 * How refills read to a customer (docs/refill.md, "Bodies"): the rules are fulfilment's, which
 * implements this port, so subscriptions shows a card without importing fulfilment (fulfilment
 * comes before subscriptions in MODULE_ORDER, docs/architecture.md#boundaries).
 */
export abstract class RefillViews {
  /**
   * The order's refills at `now`, the app's clock (the one the refill route decides by, so the card's
   * canRequest, ended and nextRequestAt say what the route would answer); null without a guarantee.
   */
  abstract customerView(order: RefillOrder, now: Date): RefillView | null;

  /** What one refill reads as on the customer's card. */
  abstract stateOf(refill: RefillRecord): Exclude<SubscriptionRefill['state'], 'available'>;

  /** The plain sentence for the customer about one refill; null when its state says enough. */
  abstract messageOf(refill: RefillRecord): string | null;
}

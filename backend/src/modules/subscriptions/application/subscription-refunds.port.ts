import type { RefundSummary } from '../domain/refund-summary';
import type { Subscription } from '../domain/subscription';

/**
 * The refund columns of subscriptions (owned by the subscriptions module, written by billing; see
 * docs/refunds.md). Every method joins the caller's UnitOfWork when there is one.
 */
export abstract class SubscriptionRefunds {
  abstract findById(subscriptionId: string): Promise<Subscription | null>;

  /** Replaces the order's refund summary (null: no refund and no request). */
  abstract noteSummary(subscriptionId: string, summary: RefundSummary | null): Promise<void>;

  /**
   * The order was refunded in full: an order still In Process becomes Refunded (Status 4), leaving
   * the Active lists and counts (docs/refunds.md#a-full-refund-ends-the-order). One conditional
   * UPDATE; false when it was not In Process (Completed, or a provider's final word, keeps its own).
   */
  abstract endRefunded(subscriptionId: string, now: Date): Promise<boolean>;

  /**
   * Claims the settlement of an order the provider finished short (Status 2, 3 or 4 with its
   * fulfilment `done` or `canceled`) that was not settled yet: one conditional UPDATE, so of two
   * concurrent claims exactly one gets the subscription; the other gets null, as does an order that
   * is not due (settled, delivered in full, manual).
   */
  abstract claimShortfall(subscriptionId: string, now: Date): Promise<Subscription | null>;

  /** Up to `limit` orders finished short and not settled yet, oldest change first. */
  abstract dueShortfalls(limit: number): Promise<string[]>;
}

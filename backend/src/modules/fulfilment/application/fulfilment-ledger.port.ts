import type { Subscription, SubscriptionStatus } from '../../subscriptions/domain/subscription';
import type { UpstreamFacts, UpstreamTarget } from '../domain/fulfilment';

/** An order to place upstream, as claimed for placing. */
export interface ClaimedPlacement extends UpstreamTarget {
  subscriptionId: string;
  /** The customer's profile link (API v2 `link`). */
  link: string;
}

/** An order placed upstream whose status is followed. */
export interface OpenUpstreamOrder {
  subscriptionId: string;
  upstreamOrderId: string;
  /** The quantity ordered (remains above it cannot be true). */
  quantity: number;
  /** When it was placed (or linked); null for rows from before this was recorded. */
  placedAt: Date | null;
}

/** What one status answer changes on one subscription. */
export interface UpstreamUpdate extends UpstreamFacts {
  subscriptionId: string;
  /**
   * The final Status when the provider reported a final word (Completed → 1, Partial → 2,
   * Canceled → 3, Refunded → 4): the fulfilment becomes `done`. Undefined: still open.
   */
  finalStatus?: SubscriptionStatus;
  /** A per-order error the provider sent instead of a status ("Incorrect order ID"); facts are then left as they were. */
  error?: string;
  /** With an error: the order leaves `open` for `needs_review`, the error being its note (the provider keeps not knowing it). */
  review?: boolean;
  /**
   * Without an error: what the answer held that was not kept (values that cannot be true), as the
   * order's note for staff. Absent: the note is cleared.
   */
  note?: string;
}

/** An order of ours that holds an upstream order id. */
export interface UpstreamOrderHolder {
  subscriptionId: string;
  /** Our order id (order_…), what staff search the tasks by. */
  orderId: string;
}

/**
 * The upstream order id is already another order's (one `open` or `done`): one provider order never
 * delivers two of ours. Held by the database (a unique partial index), so two placements or links
 * at once cannot both take it. `holder` is null when it could not be read (inside a transaction the
 * refusal ended): ask holderOf once the transaction is over.
 */
export class UpstreamOrderTaken extends Error {
  constructor(
    readonly upstreamOrderId: string,
    readonly holder: UpstreamOrderHolder | null,
  ) {
    super(`Provider order ${upstreamOrderId} is already ${holder ? `order ${holder.orderId}'s` : "another order's"}`);
    this.name = 'UpstreamOrderTaken';
  }
}

/**
 * The fulfilment of each order (owned by the fulfilment module; the columns still sit on the
 * subscriptions table). Every method joins the caller's UnitOfWork when there is one. Every state
 * change is a conditional UPDATE on the current state, so two instances, or a job run twice, never
 * both win.
 */
export abstract class FulfilmentLedger {
  /**
   * Puts a subscription without a fulfilment on the automatic path (`queued`), with the service's
   * name on the panel when known (for staff) and the tier's refill guarantee as bought (docs/refill.md).
   * False when it already had one or does not exist.
   */
  abstract queue(subscriptionId: string, target: UpstreamTarget & { serviceName?: string | null; refillDays?: number }, now: Date): Promise<boolean>;

  /** `queued` → `placing` (placingAt = now), atomically; null when it was not `queued` (taken, cancelled…). */
  abstract claimForPlacing(subscriptionId: string, now: Date): Promise<ClaimedPlacement | null>;

  /**
   * `placing` → `open` with the provider's order id (placedAt = now). False when it was no longer
   * `placing`. Throws UpstreamOrderTaken (the row stays `placing`) when another order holds that id.
   */
  abstract markPlaced(subscriptionId: string, upstreamOrderId: string, now: Date): Promise<boolean>;

  /** `placing` → `needs_review` with a note for staff. */
  abstract markNeedsReview(subscriptionId: string, note: string, now: Date): Promise<boolean>;

  /** `placing` → `queued` again (nothing reached the provider), with the problem as note; queuedAt = now. */
  abstract requeue(subscriptionId: string, note: string, now: Date): Promise<boolean>;

  /** Subscriptions `queued` since before `cutoff` (their job was lost), oldest first: id and queuedAt. */
  abstract queuedBefore(cutoff: Date, limit: number): Promise<Array<{ subscriptionId: string; queuedAt: Date }>>;

  /** Every `placing` since before `cutoff` (the app stopped during the call) → `needs_review` with `note`; returns their ids. */
  abstract abandonPlacingBefore(cutoff: Date, note: string, now: Date): Promise<string[]>;

  /**
   * Up to `limit` `open` orders not checked since `checkedBefore` (never checked first, then least
   * recently checked; subscriptionId breaks ties). A sync pass asks again with the pass's start
   * time until none is left: each recorded update sets checkedAt, so no order is asked twice.
   */
  abstract openOrders(checkedBefore: Date, limit: number): Promise<OpenUpstreamOrder[]>;

  /** Stores the answers of one status batch in one statement or a few (checkedAt = now for each; final ones become `done` with their Status). */
  abstract recordUpstream(updates: UpstreamUpdate[], now: Date): Promise<void>;

  /**
   * Open orders whose answer could not be had or stored this pass: each gets its note (why, for
   * staff) and checkedAt = now, so this pass does not ask them again and the next one asks first the
   * orders this one did not reach; nothing else changes. One statement that writes only our own
   * bounded text, so it cannot fail on what a provider sent.
   */
  abstract noteUnsynced(notes: Array<{ subscriptionId: string; note: string }>, now: Date): Promise<void>;

  /** The order that holds `upstreamOrderId` (`open` or `done`), if any. */
  abstract holderOf(upstreamOrderId: string): Promise<UpstreamOrderHolder | null>;

  /** `needs_review` → `queued` (queuedAt = now, note cleared). Null for an unknown id; the subscription as it is now otherwise, with whether it changed. */
  abstract retry(subscriptionId: string, now: Date): Promise<{ changed: boolean; subscription: Subscription } | null>;

  /**
   * `needs_review` → `open` with the provider's order id staff found on the panel (placedAt = now,
   * note cleared, checkedAt cleared so the next sync pass asks it first). Null for an unknown id.
   * Throws UpstreamOrderTaken when another order holds that id.
   */
  abstract link(subscriptionId: string, upstreamOrderId: string, now: Date): Promise<{ changed: boolean; subscription: Subscription } | null>;

  /** `queued` or `needs_review` → `canceled`, Status 3 (Canceled). Null for an unknown id. */
  abstract cancel(subscriptionId: string, now: Date): Promise<{ changed: boolean; subscription: Subscription } | null>;

  /**
   * `queued` or `needs_review` → `canceled` with `note`, the Status left as it is: the order was
   * refunded in full before it was placed, so it never is (docs/refunds.md#a-full-refund-ends-the-order).
   * False when it was in another state (placing, placed, finished, manual) or does not exist.
   */
  abstract withdraw(subscriptionId: string, note: string, now: Date): Promise<boolean>;

  abstract findById(subscriptionId: string): Promise<Subscription | null>;
}

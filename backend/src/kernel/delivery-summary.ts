import type { UpstreamFacts } from './upstream-facts';

/**
 * An order's delivery as the fulfilment module records it and the subscriptions module shows it
 * (lists, cards, the admin's tasks): the words of fulfilment's and refills' states and the shapes of
 * the summary. The moves between the states and the refill rules are fulfilment's
 * (modules/fulfilment/domain); subscriptions only reads this (docs/architecture.md#backend-modules).
 */

/**
 * How a subscription is being delivered by an upstream provider panel (docs/fulfilment.md). Null on an
 * order means the manual path (staff toggle the Status by hand, as the spec has it).
 *
 * States:
 * - `queued`: waiting for the place-order job (the tier is mapped to an upstream service);
 * - `placing`: the `add` call is under way; recorded (committed) BEFORE the call, so a crash or
 *   restart during the call leaves this state behind and the order is never placed twice
 *   (API v2 has no idempotency key);
 * - `open`: placed upstream (upstreamOrderId known); the status sync follows it;
 * - `needs_review`: the provider's answer was unclear (timeout, HTTP 5xx, unreadable), it refused
 *   the order, or the app stopped while placing: staff check the panel, then retry or cancel;
 * - `done`: the provider reported a final status (Completed, Partial, Canceled, Refunded);
 * - `canceled`: staff cancelled it before it was placed upstream.
 */
export const FULFILMENT_STATES = ['queued', 'placing', 'open', 'needs_review', 'done', 'canceled'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/** The upstream service and quantity a pricing tier is delivered with. */
export interface UpstreamTarget {
  /** The provider's service id (API v2 `service`), as text. */
  serviceId: string;
  quantity: number;
}

export interface SubscriptionFulfilment extends UpstreamTarget, UpstreamFacts {
  state: FulfilmentState;
  /** The service's name on the panel when it was queued (null when unknown). */
  serviceName: string | null;
  upstreamOrderId: string | null;
  /** Why it needs review, or the last problem seen (shown to staff only). */
  note: string | null;
  queuedAt: Date;
  placingAt: Date | null;
  placedAt: Date | null;
  checkedAt: Date | null;
}

/**
 * Refills: the provider tops up an order whose followers, likes or views dropped (docs/refill.md).
 * A tier's mapping may carry a refill guarantee in days; the order keeps the days it was bought with
 * (`refillDays`), and the guarantee runs from its completion (`completedAt`) for that many days.
 *
 * A refill's states (stored):
 * - `placing`: recorded, the provider's `refill` call under way (recorded BEFORE the call: a crash
 *   during it leaves this behind, which the sync pass turns into `review`, never into a second call);
 * - `open`: the provider answered with its refill id; the sync pass follows it (`refill_status`);
 * - `review`: the answer to `refill` was unclear (a timeout, an unreadable answer): the provider may
 *   have taken it; staff check its panel. Never placed again blindly;
 * - `completed`: the provider reported the refill Completed;
 * - `rejected`: the provider refused it (its words kept for staff), reported it Rejected or Canceled,
 *   or does not refill at all.
 */
export const REFILL_STATES = ['placing', 'open', 'review', 'completed', 'rejected'] as const;
export type RefillState = (typeof REFILL_STATES)[number];
export type RefillActor = 'customer' | 'staff';

/** One refill as the order's summary keeps it. */
export interface RefillRecord {
  refillId: string;
  state: RefillState;
  actor: RefillActor;
  requestedAt: Date;
  settledAt: Date | null;
  checkedAt: Date | null;
  upstreamRefillId: string | null;
  /** The provider's status word as it wrote it (Pending, In progress, Inprogress, Completed…). */
  upstreamStatus: string | null;
  /** The provider's words when it refused, or why the refill needs review (staff only). */
  failure: string | null;
  /** The provider answered that it has no refill action ("Incorrect request", "Request Invalid"). */
  unsupported: boolean;
}

/** The refill side of a subscription. */
export interface SubscriptionRefills {
  /** The guarantee as bought, in days (0: none). */
  days: number;
  /** When the order was first settled Completed or Partial; null while it is not. */
  completedAt: Date | null;
  /** Newest first, at most REFILL_HISTORY. */
  history: RefillRecord[];
}

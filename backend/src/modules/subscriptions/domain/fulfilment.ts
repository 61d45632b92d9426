/**
 * How a subscription is being delivered by an upstream provider panel (issue 10). Kept on the
 * subscription itself: null means the manual path (staff toggle the Status by hand, as the spec has it).
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

/** What the provider last said about an order (API v2 `status`); every field may be unknown. */
export interface UpstreamFacts {
  /** The raw status text, as the provider wrote it ("In progress", "Completed", …). */
  upstreamStatus: string | null;
  /** Decimal text in `currency`, e.g. "0.27819". */
  charge: string | null;
  currency: string | null;
  startCount: number | null;
  remains: number | null;
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

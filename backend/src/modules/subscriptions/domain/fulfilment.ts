/**
 * How a subscription is being delivered by an upstream provider panel (docs/fulfilment.md). Kept on the
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

/**
 * The fulfilment's state machine, its one table: each move the ledger makes, the states it may start
 * from (null: the manual path, no fulfilment yet) and the state it ends in. The ledger's UPDATEs take
 * their conditions and targets from it, and so does the in-memory fake the use-case specs use;
 * fulfilment-ledger.transitions.int-spec.ts runs every move from every state against both. The
 * table lives here, beside the states, because the subscription carries them (the fulfilment
 * module's domain may not import this one).
 */
export const FULFILMENT_MOVES = {
  /** A paid order whose tier is mapped to an upstream service. */
  queue: { from: [null], to: 'queued' },
  /** The place-order job takes it, before calling the panel. */
  claim: { from: ['queued'], to: 'placing' },
  /** The panel answered with an order id. */
  markPlaced: { from: ['placing'], to: 'open' },
  /** The panel's answer was unclear or a refusal. */
  markNeedsReview: { from: ['placing'], to: 'needs_review' },
  /** The panel could not be reached before the call was sent: try again later. */
  requeue: { from: ['placing'], to: 'queued' },
  /** Placing for too long (the app stopped during the call). */
  abandonPlacing: { from: ['placing'], to: 'needs_review' },
  /** The provider reported a final status. */
  finalWord: { from: ['open'], to: 'done' },
  /** The provider keeps not knowing the order. */
  lostUpstream: { from: ['open'], to: 'needs_review' },
  /** Staff: place it again. */
  retry: { from: ['needs_review'], to: 'queued' },
  /** Staff: it was placed after all, under this upstream id. */
  link: { from: ['needs_review'], to: 'open' },
  /** Staff: not placed upstream and never will be. */
  cancel: { from: ['queued', 'needs_review'], to: 'canceled' },
} as const satisfies Record<string, { from: readonly (FulfilmentState | null)[]; to: FulfilmentState }>;

export type FulfilmentMove = (typeof FULFILMENT_MOVES)[keyof typeof FULFILMENT_MOVES];

/** True when `move` may start from `state` (null: no fulfilment). */
export function mayMakeMove(move: FulfilmentMove, state: FulfilmentState | null): boolean {
  return (move.from as readonly (FulfilmentState | null)[]).includes(state);
}

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

/**
 * What a stored fact may be (docs/fulfilment.md, "What a panel may say"). The provider panel is not
 * trusted: a value outside these bounds cannot be true and is never stored, shown to a customer or
 * used for money; staff read the words it sent in the order's note instead.
 */
export const UPSTREAM_BOUNDS = {
  /** The status text kept for staff, in characters (longer text is cut, ending in '…'). */
  statusChars: 100,
  /** A currency as a panel writes it ('USD', 'usd', 'RUB'). */
  currencyChars: 10,
  /** The largest start count believed: more than any account's followers or any video's views. */
  maxStartCount: 100_000_000_000,
  /** A charge is plain decimal text, not negative, below 10^9 in its currency, at most 20 decimals. */
  charge: /^\d{1,9}(\.\d{1,20})?$/,
} as const;

/** A start count that can be true: a whole number from 0 to UPSTREAM_BOUNDS.maxStartCount. */
export function isPlausibleStartCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= UPSTREAM_BOUNDS.maxStartCount;
}

/** Remains that can be true for `quantity` ordered: a whole number from 0 to the quantity. */
export function isPlausibleRemains(value: unknown, quantity: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && Number.isSafeInteger(quantity) && value <= quantity;
}

/** A charge that can be true: plain decimal text, not negative, below 10^9 (UPSTREAM_BOUNDS.charge). */
export function isPlausibleCharge(value: unknown): value is string {
  return typeof value === 'string' && UPSTREAM_BOUNDS.charge.test(value);
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

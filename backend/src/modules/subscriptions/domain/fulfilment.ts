import { isPlausibleCharge, isPlausibleRemains, isPlausibleStartCount, UPSTREAM_BOUNDS, type UpstreamFacts } from '../../../kernel/upstream-facts';

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

/** What a panel says and what of it can be true (kernel/upstream-facts.ts, shared with the fulfilment domain). */
export { isPlausibleCharge, isPlausibleRemains, isPlausibleStartCount, UPSTREAM_BOUNDS, type UpstreamFacts };

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

/** A fulfilment just put on the automatic path (the `queue` move): nothing placed upstream, nothing heard yet. */
export function queuedFulfilment(target: UpstreamTarget & { serviceName: string | null }, now: Date): SubscriptionFulfilment {
  return {
    serviceId: target.serviceId,
    quantity: target.quantity,
    serviceName: target.serviceName,
    state: FULFILMENT_MOVES.queue.to,
    upstreamOrderId: null,
    upstreamStatus: null,
    charge: null,
    currency: null,
    startCount: null,
    remains: null,
    note: null,
    queuedAt: now,
    placingAt: null,
    placedAt: null,
    checkedAt: null,
  };
}

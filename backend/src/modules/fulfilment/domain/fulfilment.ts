import { FULFILMENT_STATES, type FulfilmentState, type SubscriptionFulfilment, type UpstreamTarget } from '../../../kernel/delivery-summary';
import { isPlausibleCharge, isPlausibleRemains, isPlausibleStartCount, UPSTREAM_BOUNDS, type UpstreamFacts } from '../../../kernel/upstream-facts';

/**
 * Fulfilment's words and the record it keeps of an order's delivery (kernel/delivery-summary.ts:
 * subscriptions reads them as the order's delivery summary); the moves between the states are here.
 */
export { FULFILMENT_STATES, type FulfilmentState, type SubscriptionFulfilment, type UpstreamTarget };
/** What a panel says and what of it can be true (kernel/upstream-facts.ts, shared with the fulfilment domain). */
export { isPlausibleCharge, isPlausibleRemains, isPlausibleStartCount, UPSTREAM_BOUNDS, type UpstreamFacts };

/**
 * The fulfilment's state machine, its one table: each move the ledger makes, the states it may start
 * from (null: the manual path, no fulfilment yet) and the state it ends in. The ledger's UPDATEs take
 * their conditions and targets from it, and so does the in-memory fake the use-case specs use;
 * fulfilment-ledger.transitions.int-spec.ts runs every move from every state against both.
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
  /** The order was refunded in full before it was placed: never placed, its Status left to billing (docs/refunds.md#a-full-refund-ends-the-order). */
  withdraw: { from: ['queued', 'needs_review'], to: 'canceled' },
} as const satisfies Record<string, { from: readonly (FulfilmentState | null)[]; to: FulfilmentState }>;

export type FulfilmentMove = (typeof FULFILMENT_MOVES)[keyof typeof FULFILMENT_MOVES];

/** True when `move` may start from `state` (null: no fulfilment). */
export function mayMakeMove(move: FulfilmentMove, state: FulfilmentState | null): boolean {
  return (move.from as readonly (FulfilmentState | null)[]).includes(state);
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

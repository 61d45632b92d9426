import { DAY_MS, dayText, momentText } from '../../../kernel/day-text';
import { ORDER_STATUS } from '../../../kernel/order-status';
import { REFILL_STATES, type RefillRecord, type RefillState, type SubscriptionRefills } from '../../../kernel/delivery-summary';

/**
 * Refills: the provider tops up an order whose followers, likes or views dropped (docs/refill.md).
 * The states, the actors and the record of an order's refills are the kernel's
 * (kernel/delivery-summary.ts: subscriptions shows them); the rules are here.
 */
/**
 * The refill's state machine, its one table: each move the refill ledger makes, the states it may
 * start from and the state it ends in. A request adds a refill in REFILL_REQUESTED (`placing`; at
 * most one in flight per order); `discard` removes one still there whose call never left. The ledger's UPDATEs take
 * their conditions and targets from it; refill-ledger.transitions.int-spec.ts runs every move from
 * every state against PGlite and PostgreSQL.
 */
export const REFILL_REQUESTED = 'placing' satisfies RefillState;

export const REFILL_MOVES = {
  /** The panel answered the refill call with an id. */
  markPlaced: { from: ['placing'], to: 'open' },
  /** The panel refused it (or has no refill action). */
  reject: { from: ['placing'], to: 'rejected' },
  /** The panel's answer was unclear: it may have taken it. */
  toReview: { from: ['placing'], to: 'review' },
  /** Placing for too long (the app stopped during the call). */
  abandonPlacing: { from: ['placing'], to: 'review' },
  /** The panel's final word: done. */
  complete: { from: ['open'], to: 'completed' },
  /** The panel's final word: it could not top it up. */
  settleRejected: { from: ['open'], to: 'rejected' },
  /** The panel keeps not knowing the refill. */
  lostUpstream: { from: ['open'], to: 'review' },
  /** Staff checked the panel and placed a new one: the one in review ends. */
  closeReview: { from: ['review'], to: 'rejected' },
} as const satisfies Record<string, { from: readonly RefillState[]; to: RefillState }>;

export type RefillMove = (typeof REFILL_MOVES)[keyof typeof REFILL_MOVES];

/** True when `move` may start from `state`. */
export function mayMakeRefillMove(move: RefillMove, state: RefillState): boolean {
  return (move.from as readonly RefillState[]).includes(state);
}

/** Still under way (some move leaves it): at most one per order (a unique partial index). */
export const REFILL_IN_FLIGHT: readonly RefillState[] = REFILL_STATES.filter((state) => Object.values(REFILL_MOVES).some((move) => mayMakeRefillMove(move, state)));

/** What a customer's card reads. */
export type CustomerRefillState = 'available' | 'requested' | 'in_progress' | 'completed' | 'rejected';

/** The most days a guarantee may run. */
export const MAX_REFILL_DAYS = 365;
/** At most one request per order in this span (from the last request). */
export const REFILL_REQUEST_SPACING_MS = DAY_MS;

/** Sentences a customer reads. */
export const REFILL_MESSAGES = {
  unsupported: 'This provider does not offer refills for this order. Our team has been told.',
  rejected: 'The provider could not top up this order.',
  review: 'Your refill request is being checked by our team.',
} as const;

/**
 * A refill's status word, read: case, spaces, underscores and hyphens do not matter ('Inprogress',
 * 'in_progress' and 'In progress' are one word). Unknown words leave the refill open.
 */
export type RefillWord = 'pending' | 'in_progress' | 'completed' | 'rejected' | 'unknown';
const REFILL_WORDS: ReadonlyMap<string, RefillWord> = new Map([
  ['pending', 'pending'],
  ['inprogress', 'in_progress'],
  ['processing', 'in_progress'],
  ['completed', 'completed'],
  ['complete', 'completed'],
  ['rejected', 'rejected'],
  ['canceled', 'rejected'],
  ['cancelled', 'rejected'],
]);
export function readRefillWord(word: string | null | undefined): RefillWord {
  if (typeof word !== 'string') return 'unknown';
  return REFILL_WORDS.get(word.toLowerCase().replace(/[\s_-]+/g, '')) ?? 'unknown';
}

/** The end of the guarantee: completion + days; null without a guarantee or while not completed. */
export function guaranteeEnd(refills: SubscriptionRefills): Date | null {
  if (refills.days <= 0 || !refills.completedAt) return null;
  return new Date(refills.completedAt.getTime() + refills.days * DAY_MS);
}

/** What a refill reads as on the customer's card. */
export function customerStateOf(record: RefillRecord): Exclude<CustomerRefillState, 'available'> {
  switch (record.state) {
    case 'completed':
      return 'completed';
    case 'rejected':
      return 'rejected';
    case 'open':
      return readRefillWord(record.upstreamStatus) === 'in_progress' ? 'in_progress' : 'requested';
    case 'placing':
    case 'review':
      return 'requested';
  }
}

/** The plain sentence for the customer about a refill; null when the state says enough. */
export function customerMessageOf(record: RefillRecord): string | null {
  if (record.state === 'rejected') return record.unsupported ? REFILL_MESSAGES.unsupported : REFILL_MESSAGES.rejected;
  if (record.state === 'review') return REFILL_MESSAGES.review;
  return null;
}

/** Why a refill cannot be asked now: the HTTP kind, a code and the sentence. */
export interface RefillRefusal {
  kind: 'invalid' | 'conflict';
  code: string;
  message: string;
  /** When asking again can succeed (the 24-hour spacing); null when it never can. */
  nextRequestAt: Date | null;
}

/** What the eligibility rules need of an order. */
export interface RefillCandidate {
  /** Subscription Status: 1 Completed, 2 Partial. */
  status: number;
  /** The provider's order id; null: never placed upstream. */
  upstreamOrderId: string | null;
  refills: SubscriptionRefills;
  /** Its price was refunded in full (subscriptions' refundedInFull); absent: it was not. */
  refundedInFull?: boolean;
}

export const REFILL_REFUNDED_MESSAGE = 'This order was refunded in full, so it can no longer be refilled.';

/**
 * Whether the customer may ask for a refill now (docs/refill.md, "Rules"): the order is not refunded
 * in full, is Completed or Partial, placed upstream, bought with a guarantee still running, no refill is in flight, and the
 * last request is at least 24 hours old. Null: they may.
 */
export function customerRefusal(order: RefillCandidate, now: Date): RefillRefusal | null {
  const { refills } = order;
  if (refills.days > 0 && order.refundedInFull) return { kind: 'conflict', code: 'refill_order_refunded', message: REFILL_REFUNDED_MESSAGE, nextRequestAt: null };
  if (refills.days <= 0) return { kind: 'invalid', code: 'no_refill_guarantee', message: 'This order has no refill guarantee.', nextRequestAt: null };
  if (order.status !== ORDER_STATUS.Completed && order.status !== ORDER_STATUS.Partial) {
    return { kind: 'invalid', code: 'refill_not_completed', message: 'A refill can be requested once the order is completed.', nextRequestAt: null };
  }
  if (!order.upstreamOrderId) {
    return {
      kind: 'invalid',
      code: 'refill_not_placed',
      message: 'This order was not delivered through our provider, so it cannot be refilled here. Please contact support.',
      nextRequestAt: null,
    };
  }
  const until = guaranteeEnd(refills);
  if (until && now.getTime() > until.getTime()) {
    return {
      kind: 'invalid',
      code: 'refill_period_over',
      message: `The ${refills.days}-day refill guarantee for this order ended on ${dayText(until)}.`,
      nextRequestAt: null,
    };
  }
  const latest = refills.history[0];
  if (latest && REFILL_IN_FLIGHT.includes(latest.state)) {
    return {
      kind: 'conflict',
      code: 'refill_in_flight',
      message: 'A refill for this order is already under way. You can ask for another once it is finished.',
      nextRequestAt: null,
    };
  }
  if (latest) {
    const next = new Date(latest.requestedAt.getTime() + REFILL_REQUEST_SPACING_MS);
    if (next.getTime() > now.getTime()) {
      const reachable = !until || next.getTime() <= until.getTime();
      return {
        kind: 'conflict',
        code: 'refill_too_soon',
        message: reachable
          ? `A refill was requested less than 24 hours ago. You can ask for the next one after ${momentText(next)}.`
          : `A refill was requested less than 24 hours ago, and the refill guarantee for this order ends on ${dayText(until as Date)}.`,
        nextRequestAt: reachable ? next : null,
      };
    }
  }
  return null;
}

/** The customer's view of an order's refills (docs/refill.md, "Bodies"); null without a guarantee. */
export interface CustomerRefillView {
  state: CustomerRefillState;
  days: number;
  requestedAt: Date | null;
  settledAt: Date | null;
  until: Date | null;
  /** The guarantee is over at `now` (its end has passed). */
  ended: boolean;
  canRequest: boolean;
  nextRequestAt: Date | null;
  message: string | null;
}

/**
 * `now` is the app's clock, the one the refill request decides by: the card's canRequest, ended and
 * nextRequestAt then always say what the route would answer at that moment.
 */
export function customerRefillView(order: RefillCandidate, now: Date): CustomerRefillView | null {
  const { refills } = order;
  if (refills.days <= 0) return null;
  const latest = refills.history[0] ?? null;
  const refusal = customerRefusal(order, now);
  const until = guaranteeEnd(refills);
  return {
    state: latest ? customerStateOf(latest) : 'available',
    days: refills.days,
    requestedAt: latest?.requestedAt ?? null,
    settledAt: latest && (latest.state === 'completed' || latest.state === 'rejected') ? latest.settledAt : null,
    until,
    // The same comparison customerRefusal refuses with (refill_period_over).
    ended: until !== null && now.getTime() > until.getTime(),
    canRequest: refusal === null,
    nextRequestAt: refusal?.nextRequestAt ?? null,
    message: latest ? customerMessageOf(latest) : null,
  };
}

import type { RefillActor } from '../../../kernel/delivery-summary';
import type { Subscription } from '../../subscriptions/domain/subscription';

/** A refill to record before the provider is called. */
export interface NewRefill {
  refillId: string;
  subscriptionId: string;
  actor: RefillActor;
  /** The customer's or the admin's id. */
  actorId: string;
  /** The provider's order id the refill is asked for. */
  upstreamOrderId: string;
  requestedAt: Date;
}

/** A refill placed upstream whose status is followed. */
export interface OpenRefill {
  refillId: string;
  subscriptionId: string;
  upstreamRefillId: string;
  requestedAt: Date;
}

/** What one `refill_status` answer changes on one refill. */
export interface RefillUpdate {
  refillId: string;
  /** The provider's word as written (bounded); null: it sent none (the last one stays). */
  upstreamStatus: string | null;
  /** A final word: the refill ends so (settledAt = now). Undefined: still open. */
  settle?: 'completed' | 'rejected';
  /** The provider's error for this id ("Refill not found"): kept as `failure`; the refill stays open unless `review`. */
  error?: string;
  /** With an error: the refill leaves `open` for `review` (the provider keeps not knowing it). */
  review?: boolean;
}

/** What the provider last showed of its refill action. */
export interface ProviderRefillSupport {
  state: 'supported' | 'unsupported' | 'unknown';
  /** When it last showed it; null for unknown. */
  at: Date | null;
  /** The provider's words when it said it does not refill. */
  words: string | null;
}

/**
 * The refills of orders (table `refills`, owned by the fulfilment module; docs/refill.md). Every
 * change rewrites the order's refill summary in the same
 * transaction (the caller's UnitOfWork when there is one, else its own), so the customer's lists
 * and the admin's tasks read it without a join. Every state change is a conditional UPDATE on the
 * current state: two instances, or a job run twice, never both win.
 */
export abstract class RefillLedger {
  /** The subscription, its row locked until the caller's transaction ends (serialises requests for one order); null when unknown. */
  abstract lockSubscription(subscriptionId: string): Promise<Subscription | null>;

  /** Records a refill as `placing`; false when the order already has one in flight (the unique partial index decides). */
  abstract insertPlacing(refill: NewRefill): Promise<boolean>;

  /** `placing` → `open` with the provider's refill id (placedAt = now). False when it was no longer `placing`. */
  abstract markPlaced(refillId: string, upstreamRefillId: string, now: Date): Promise<boolean>;

  /** `placing` → `rejected` with the provider's words (settledAt = now); `unsupported`: it has no refill action. */
  abstract reject(refillId: string, failure: string, unsupported: boolean, now: Date): Promise<boolean>;

  /** `placing` → `review` with why (the provider may have taken it). */
  abstract toReview(refillId: string, failure: string, now: Date): Promise<boolean>;

  /** Removes a `placing` refill that never reached the provider (nothing was asked of it). */
  abstract discard(refillId: string): Promise<boolean>;

  /** The order's refill in `review` → `rejected` with `note` (staff placed a new one after checking the panel); its id, or null. */
  abstract closeReview(subscriptionId: string, note: string, now: Date): Promise<string | null>;

  /** Every `placing` since before `cutoff` (the app stopped during the call) → `review` with `note`; their ids. */
  abstract abandonPlacingBefore(cutoff: Date, note: string, now: Date): Promise<string[]>;

  /** Up to `limit` `open` refills not checked since `checkedBefore`: never checked first, then least recently checked. */
  abstract openRefills(checkedBefore: Date, limit: number): Promise<OpenRefill[]>;

  /** Stores the answers of one `refill_status` batch (checkedAt = now for each; only refills still `open` change). */
  abstract recordStatuses(updates: RefillUpdate[], now: Date): Promise<void>;

  /** Refills whose status could not be had this pass: `note` as failure, checkedAt = now (asked first next pass only after the others). */
  abstract noteUnchecked(refillIds: string[], note: string, now: Date): Promise<void>;

  /** What the provider last showed of its refill action: a refill id answered, or "no such action". */
  abstract providerSupport(): Promise<ProviderRefillSupport>;

  abstract findById(subscriptionId: string): Promise<Subscription | null>;
}

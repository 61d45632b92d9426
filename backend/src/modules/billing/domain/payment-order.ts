import type { PurchasedTier } from '../../../kernel/purchased-tier';

/**
 * A payment order: what a customer is about to pay for, stored before the checkout opens, so the
 * amount, the tier and the owner are ours and never the browser's.
 *
 * States: created → paid (a verified payment), created → failed (declined or abandoned),
 * failed → paid (a later attempt on the same order succeeded). A paid order never changes again.
 */
export type OrderStatus = 'created' | 'paid' | 'failed';

/**
 * How long an order's price stands (docs/payments.md#order-lifetime). The checkout closes then
 * (Razorpay Checkout's `timeout`; the sandbox card refuses the order); a payment that still comes
 * in later is honoured only if the offer still stands as bought, else it is refunded in full.
 */
export const ORDER_LIFETIME_MS = 30 * 60 * 1000;

/**
 * Why a paid order was not honoured (its payment is refunded in full, docs/payments.md#order-lifetime):
 * - `withdrawn`: the plan is no longer on sale (deleted, Inactive or Pending) or the tier was removed;
 * - `expired`: paid after the order's lifetime, and the tier's price or currency is not what it was.
 */
export type VoidReason = 'withdrawn' | 'expired';

export interface PaymentOrder {
  /** The gateway's order id (`order_…`), also our key. */
  orderId: string;
  userId: string;
  /** The customer's address at purchase time, for the confirmation mail. */
  email: string;
  /** The customer's name at purchase time ('' for orders made before it was kept). */
  customerName: string;
  planId: string;
  planName: string;
  /** The pricing page the order came from (`/services/{slug}`), for redirect mode. */
  planSlug: string;
  tier: PurchasedTier;
  /** Minor units. */
  amount: number;
  /** What its refunds that did not fail add up to, in minor units (kept by the database; docs/refunds.md). */
  refundedAmount: number;
  currency: string;
  profileLink: string;
  status: OrderStatus;
  paymentId: string | null;
  failureReason: string | null;
  /** When the stuck-order sweep last asked the gateway about it; null: never. */
  checkedAt: Date | null;
  createdAt: Date;
  paidAt: Date | null;
  /** The subscription the paid order became (set in the same transaction); null until then. */
  subscriptionId: string | null;
  /** When its price stops standing: createdAt + ORDER_LIFETIME_MS. */
  expiresAt: Date;
  /** Set on a paid order that was not honoured (no subscription; its payment is refunded); else null. */
  voidReason: VoidReason | null;
  /**
   * Made at a gateway that takes no real money (the sandbox, or Razorpay under a test key), as the
   * gateway was when the order was created (kernel/real-money.ts, docs/payments.md#sandbox-orders).
   */
  sandbox: boolean;
}

/** True when a payment made at `at` comes after the order's lifetime. */
export function isExpiredAt(order: Pick<PaymentOrder, 'expiresAt'>, at: Date): boolean {
  return at.getTime() > order.expiresAt.getTime();
}

/**
 * The admin's lists of orders that need a look (docs/product.md#admin): paid orders not turned into a
 * subscription, and orders left unpaid for more than UNPAID_STALE_AFTER_MS.
 */
export type AdminOrderKind = 'paid-without-subscription' | 'unpaid-stale';
export const ADMIN_ORDER_KINDS: readonly AdminOrderKind[] = ['paid-without-subscription', 'unpaid-stale'];
export const UNPAID_STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * The order's state machine, its one table: for each status, the statuses it may move to (the
 * diagram: docs/architecture.md#payment-flow). The repository's updates take their conditions from
 * it and so does the in-memory fake; payment-order.repository.transitions.int-spec.ts runs the same
 * moves against both. A paid order never moves again.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = Object.freeze({
  created: ['paid', 'failed'],
  failed: ['paid'],
  paid: [],
});

/** True when an order in `from` may move to `to`. */
export function mayMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses an order may move to `to` from: the condition of the update that moves it. */
export function statusesThatMayBecome(to: OrderStatus): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => mayMove(from, to));
}

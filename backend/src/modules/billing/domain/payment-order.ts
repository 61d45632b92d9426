import type { PurchasedTier } from '../../subscriptions/domain/subscription';

/**
 * A payment order: what a customer is about to pay for, stored before the checkout opens, so the
 * amount, the tier and the owner are ours and never the browser's.
 *
 * States: created → paid (a verified payment), created → failed (declined or abandoned),
 * failed → paid (a later attempt on the same order succeeded). A paid order never changes again.
 */
export type OrderStatus = 'created' | 'paid' | 'failed';

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
}

/**
 * The admin's lists of orders that need a look (issue 8): paid orders not turned into a
 * subscription, and orders left unpaid for more than UNPAID_STALE_AFTER_MS.
 */
export type AdminOrderKind = 'paid-without-subscription' | 'unpaid-stale';
export const ADMIN_ORDER_KINDS: readonly AdminOrderKind[] = ['paid-without-subscription', 'unpaid-stale'];
export const UNPAID_STALE_AFTER_MS = 60 * 60 * 1000;

export function mayBecomePaid(order: PaymentOrder): boolean {
  return order.status !== 'paid';
}

export function mayBecomeFailed(order: PaymentOrder): boolean {
  return order.status === 'created';
}

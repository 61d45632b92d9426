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
  planId: string;
  planName: string;
  /** The pricing page the order came from (`/services/{slug}`), for redirect mode. */
  planSlug: string;
  tier: PurchasedTier;
  /** Minor units. */
  amount: number;
  currency: string;
  profileLink: string;
  status: OrderStatus;
  paymentId: string | null;
  failureReason: string | null;
  /** When the stuck-order sweep last asked the gateway about it; null: never. */
  checkedAt: Date | null;
  createdAt: Date;
  paidAt: Date | null;
}

export function mayBecomePaid(order: PaymentOrder): boolean {
  return order.status !== 'paid';
}

export function mayBecomeFailed(order: PaymentOrder): boolean {
  return order.status === 'created';
}

import type { PagedAnswer } from '@growth/kit';

/** The two kinds of orders that need an admin's eye (billing). */
export const ORDER_KINDS = [
  { kind: 'paid-without-subscription', label: 'Paid, no subscription', empty: 'No paid order is waiting for its subscription.' },
  { kind: 'unpaid-stale', label: 'Unpaid for over an hour', empty: 'No unpaid order is older than an hour.' },
] as const;

export type OrderKind = (typeof ORDER_KINDS)[number]['kind'];

export const ORDERS_PAGE_SIZE = 10;

/** A billing order as POST /admin/orders lists it; fields read defensively. */
export interface AttentionOrder {
  orderId?: string;
  id?: string;
  userId?: string;
  email?: string;
  customerName?: string | null;
  customer?: { email?: string } | null;
  planName?: string;
  tier?: { name?: string; price?: string } | null;
  currency?: string;
  status?: string;
  paymentId?: string | null;
  createdAt?: string;
  paidAt?: string | null;
  failureReason?: string | null;
}

export type OrdersAnswer = PagedAnswer<AttentionOrder>;

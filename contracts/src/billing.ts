/** Billing's bodies: payment orders, the orders staff look at, and refunds (docs/refunds.md "What the APIs say"). */
import type { PagedAnswer } from './api';
import type { AdminSubscription, RefundRequestState, RefundState } from './subscriptions';

/** POST /payment/order's request. */
export interface NewOrder {
  userId: string;
  planId: string;
  pricingId: string;
  /** The plan's currency; the server's default (USD) when left out. */
  currency?: string;
  profileLink: string;
}

/**
 * POST /payment/verify's request: what Razorpay's checkout hands its handler after a payment (the
 * sandbox checkout answers the same fields).
 */
export interface PaymentProof {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** POST /payment/sandbox/checkout's request: the sandbox card's outcome for an order. */
export interface SandboxCheckout {
  orderId: string;
  outcome: 'success' | 'failure';
}

/** POST /payment/order's answer. */
export interface OrderAnswer {
  /** amount in minor units; exponent the currency's decimals (the server's ISO 4217 table); expiresAt when the price stops standing. */
  order?: { id?: string; amount?: number; currency?: string; exponent?: number; expiresAt?: string };
  keyId?: string;
  provider?: string;
  description?: string;
  callbackUrl?: string;
}

/** A billing order as POST /admin/orders lists it; fields read defensively. */
export interface AttentionOrder {
  orderId?: string;
  id?: string;
  userId?: string;
  email?: string;
  customerName?: string | null;
  customer?: { email?: string } | null;
  planId?: string;
  planName?: string;
  tier?: { pricingId?: string; name?: string; price?: string } | null;
  /** In minor units of `currency`. */
  amount?: number;
  currency?: string;
  status?: string;
  paymentId?: string | null;
  createdAt?: string;
  paidAt?: string | null;
  failureReason?: string | null;
  /** Made at a gateway that takes no real money (docs/payments.md#sandbox-orders). */
  sandbox?: boolean;
}

/** POST /admin/orders. */
export type OrdersAnswer = PagedAnswer<AttentionOrder>;

/** Why money went back: what the provider did not deliver, an approved request, or staff. */
export type RefundReason = 'undelivered' | 'customer_request' | 'staff' | 'not_honoured' | 'second_payment';

/** One row of POST /admin/refunds/list: a refund, or a request not approved (an approved one shows as its refund). */
export interface RefundRow {
  kind: 'refund' | 'request';
  id: string;
  /** A refund's RefundState, or a request's `open` / `declined`. */
  state: RefundState | RefundRequestState | string;
  /** Decimal text, or null (a customer's request names no amount). */
  amount: string | null;
  currency: string | null;
  reason: RefundReason | string | null;
  /** Staff's words, the customer's reason, or what fell short. */
  note: string | null;
  /** Why a refund failed. */
  failure: string | null;
  /** Staff's message when a request was declined (the customer read it). */
  message?: string | null;
  /** The gateway's id (`rfnd_…`), once known. */
  gatewayRefundId: string | null;
  orderId: string | null;
  paymentId: string | null;
  subscriptionId: string | null;
  planName: string | null;
  tierName: string | null;
  customer: { userId?: string | null; name?: string | null; email?: string | null } | null;
  /** The refunded order was paid with no real money (docs/payments.md#sandbox-orders). */
  sandbox?: boolean;
  actor: unknown;
  createdAt: string | null;
  settledAt: string | null;
}

/** POST /admin/refunds/list. */
export type RefundsAnswer = PagedAnswer<RefundRow>;

/** A refund as staff see it (docs/refunds.md); amounts as decimal text in `currency`. */
export interface StaffRefund {
  refundId: string;
  orderId: string;
  subscriptionId: string | null;
  state: RefundState;
  amount: string | null;
  currency: string;
  reason: RefundReason | string;
  note: string | null;
  /** Why the gateway refused it; null unless `failed`. */
  failure: string | null;
  gatewayRefundId: string | null;
  createdAt: string;
  settledAt: string | null;
}

/** A customer's (or the automatic) refund request as staff decide it (docs/refunds.md). */
export interface StaffRefundRequest {
  requestId: string;
  subscriptionId: string | null;
  orderId: string;
  source: string;
  reason: string | null;
  amount: string | null;
  currency: string;
  state: RefundRequestState;
  /** Staff's message when declined. */
  message: string | null;
  refundId: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** POST /admin/refunds and /admin/refund-requests/decide. */
export interface RefundAnswer {
  subscription?: AdminSubscription | null;
  /** The refund as it is after the gateway call: pending, processed, or failed (with why); null when a request was declined. */
  refund?: StaffRefund | null;
  request?: StaffRefundRequest;
}

/** One refund of the order's payment as its receipt lists it; `amount` is decimal text in the receipt's currency. */
export interface ReceiptRefund {
  amount: string;
  state: RefundState;
  /** When it was issued, and when the gateway processed it or said it failed (ISO text). */
  createdAt: string;
  settledAt: string | null;
}

/**
 * A paid order's receipt (GET /orders/{orderId}/receipt; docs/payments.md#receipt). Every amount is
 * decimal text in `currency`, written from the order's minor units on the server (never a float);
 * `refunded` adds up the processed refunds, `pending` those still on their way, and `netPaid` is
 * `amount − refunded`.
 */
export interface Receipt {
  shopName: string;
  /** The order's key (the gateway's `order_…` id): the receipt's address. */
  orderId: string;
  /** The shop's order number (orderNumberOf: `SG-…`), the one the customer reads. */
  orderNumber: string;
  paidAt: string;
  customer: { name: string; email: string };
  /** The package as bought: the plan, its tier, and the quantity ordered from the provider (null on the manual path: none is recorded). */
  package: { planName: string; tierName: string; quantity: number | null };
  profileLink: string;
  amount: string;
  currency: string;
  /** The gateway's payment id (`pay_…`). */
  paymentId: string;
  refunds: ReceiptRefund[];
  refunded: string;
  pending: string;
  netPaid: string;
}

/** GET /orders/{orderId}/receipt. */
export interface ReceiptAnswer {
  receipt?: Receipt;
}

/**
 * A subscription (what a customer bought) as the customer's lists and the admin's task list answer
 * it (docs/product.md#data-shapes), with its refund (docs/refunds.md), refill (docs/refill.md) and,
 * for staff, its fulfilment (docs/fulfilment.md).
 */
import type { PagedAnswer } from './api';
import type { PricingTier } from './plans';

/** 0 In Process, 1 Completed (docs/product.md#data-shapes). */
export type SubscriptionStatus = 0 | 1 | number;

export interface Subscription {
  _id: string;
  subscriptionId: string;
  planName: string;
  profileLink: string;
  orderId: string;
  paymentId: string;
  createdAt: string;
  Status: SubscriptionStatus;
  /** The server's words for Status (Partial, Canceled, …); null for a Status without words. */
  statusText?: string | null;
  /** How far the provider has got (docs/fulfilment.md); null before it reports and on the manual path. */
  progress?: DeliveryProgress | null;
  /** The tier as bought; `currency` is the order's (e.g. 'USD'). */
  pricing: PricingTier & { currency?: string };
  user?: string | { userId: string; name?: string; email?: string };
  /** Where the order's refund stands; null when it has no refund and no request (docs/refunds.md). */
  refund?: SubscriptionRefund | null;
  /** The order's refill guarantee and its latest refill; null when the order carries none (docs/refill.md). */
  refill?: SubscriptionRefill | null;
}

/**
 * The provider's progress with an order, only as far as it can be true (docs/fulfilment.md): each
 * count null when unknown or implausible.
 */
export interface DeliveryProgress {
  startCount: number | null;
  remains: number | null;
  quantity: number;
}

/**
 * The `refill` of a subscription body (docs/refill.md). Times are ISO text; `message` is a plain
 * sentence for the customer (why a refill cannot be asked now, or why the provider refused it).
 */
export interface SubscriptionRefill {
  state: 'available' | 'requested' | 'in_progress' | 'completed' | 'rejected';
  /** The guarantee's length in days, as the tier had it when bought. */
  days: number;
  requestedAt: string | null;
  settledAt: string | null;
  /** When the guarantee ends; null while the order is not completed. */
  until: string | null;
  /**
   * The guarantee is over, judged by the server's clock when it answered (the one the refill route
   * decides by), so a card never says "ended" by the browser's clock while the route still takes a
   * request, or the other way round.
   */
  ended: boolean;
  /** Whether POST /subscription/refill would take a request now (the server's clock, as `ended`). */
  canRequest: boolean;
  /** The earliest moment another request is taken (one a day). */
  nextRequestAt: string | null;
  message: string | null;
}

/**
 * The `refund` of a subscription body (docs/refunds.md "What the APIs say"). Amounts are decimal
 * text in `currency`, the order's.
 */
export interface SubscriptionRefund {
  /** `pending` while any refund is on its way, else `processed` if any was, else `failed`. */
  state: 'pending' | 'processed' | 'failed' | null;
  /** Sent back or on its way (pending + processed). */
  requested: string;
  /** Processed. */
  refunded: string;
  currency: string;
  /** When the last refund was processed. */
  refundedAt: string | null;
  requestState: 'open' | 'approved' | 'declined' | null;
  /** Staff's message when a request was declined. */
  message: string | null;
}

/** `pending` while any refund is on its way, else `processed` if any was, else `failed`; null: only a request. */
export type RefundState = 'pending' | 'processed' | 'failed';
export type RefundRequestState = 'open' | 'approved' | 'declined';

/** A subscription's `refund` in the admin bodies; null when the order has no refund and no request. */
export interface AdminRefund {
  state: RefundState | null;
  /** Sent back or on its way (pending + processed), decimal text. */
  requested: string | null;
  /** Processed, decimal text. */
  refunded: string | null;
  currency: string | null;
  /** When the last refund was processed. */
  refundedAt: string | null;
  requestState: RefundRequestState | null;
  /** Staff's message when a request was declined. */
  message: string | null;
  /** Admin only: decimal text still refundable. */
  refundable?: string | null;
  /** Admin only: the open request, to approve or decline. */
  requestId?: string | null;
  /** Admin only: why the last refund failed. */
  failure?: string | null;
}

/** Where an order stands with the provider (null fulfilment: the manual path). */
export type FulfilmentState = 'queued' | 'placing' | 'open' | 'needs_review' | 'done' | 'canceled';

/** A subscription's `fulfilment` in the admin bodies; any field may be unknown (null). */
export interface AdminFulfilment {
  state: FulfilmentState | string;
  serviceId?: string | null;
  /** The service's name on the panel when the order was queued. */
  serviceName?: string | null;
  quantity?: number | null;
  upstreamOrderId?: string | null;
  /** The provider's raw words ("In progress", "Completed", …). */
  upstreamStatus?: string | null;
  /** Decimal text in `currency`. */
  charge?: string | null;
  currency?: string | null;
  startCount?: number | string | null;
  remains?: number | string | null;
  /** Why it needs review, or the last problem seen. */
  note?: string | null;
  queuedAt?: string | null;
  placedAt?: string | null;
  checkedAt?: string | null;
  /**
   * Price paid minus the upstream charge; null when the currencies differ or the charge is unknown.
   * `estimated`: a Partial order's cost counted as the charge's delivered share (docs/fulfilment.md).
   */
  margin?: { amount: string; currency: string; estimated?: boolean } | null;
}

/**
 * A subscription's `refill` in the admin bodies (docs/refill.md): the customer's view of it, plus
 * whether a refill waits for staff (`review`) and every refill asked, newest first.
 */
export interface AdminRefill extends Omit<SubscriptionRefill, 'state'> {
  state: SubscriptionRefill['state'] | string;
  review?: boolean;
  history?: AdminRefillEntry[];
}

/** One refill asked of the provider, as staff read it. */
export interface AdminRefillEntry {
  id: string;
  state: string;
  actor: 'customer' | 'staff' | string;
  requestedAt: string | null;
  settledAt: string | null;
  checkedAt: string | null;
  upstreamRefillId: string | null;
  /** The provider's raw status word. */
  upstreamStatus: string | null;
  /** The provider's own words when it refused. */
  failure: string | null;
  review: boolean;
}

/** A subscription as the admin lists show it; the tasks list adds the customer. */
export type AdminSubscription = Omit<Subscription, 'refund' | 'refill'> & {
  customer?: { userId?: string; name?: string; email?: string } | null;
  /** Paid with no real money: its order went through the sandbox gateway or a Razorpay test key (docs/payments.md#sandbox-orders). */
  sandbox?: boolean;
  /** Delivery through the upstream provider; null (or absent) on the manual path. */
  fulfilment?: AdminFulfilment | null;
  /** Refunds and the customer's request, with the admin extras; null when there are none (docs/refunds.md). */
  refund?: AdminRefund | null;
  /** The refill guarantee and every refill asked, with staff's extras; null when there are none (docs/refill.md). */
  refill?: AdminRefill | null;
};

/** POST /subscription/user: one customer's subscriptions, newest first. */
export interface UserSubscriptionsAnswer<T = Subscription> {
  subscriptions?: T[];
}

/** POST /admin/tasks. `cursors`: the keys of the rows beside this page, for Previous/Next by keyset (null at the ends). */
export type TasksAnswer = PagedAnswer<AdminSubscription> & { cursors?: { next?: string | null; prev?: string | null } };

/** One order's outcome in POST /admin/tasks/complete. */
export type CompleteOrderResult =
  { subscriptionId: string; outcome: 'completed'; status: SubscriptionStatus } | { subscriptionId: string; outcome: 'refused'; error: string; message: string };

/** POST /admin/tasks/complete: how many orders are Completed now, how many were refused, and each order's outcome. */
export interface CompleteOrdersAnswer {
  completed: number;
  refused: number;
  results: CompleteOrderResult[];
}

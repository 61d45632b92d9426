import type { SubscriptionFulfilment, SubscriptionRefills } from '../../../kernel/delivery-summary';
import { ORDER_STATUS, ORDER_STATUS_TEXT, type OrderStatus } from '../../../kernel/order-status';
import type { PurchasedTier } from '../../../kernel/purchased-tier';
import type { RefundSummary } from './refund-summary';

/**
 * A bought pricing tier being delivered (docs/product.md#data-shapes Subscription). Created once per paid order by
 * billing; its Status is changed by staff, or by the fulfilment module from the upstream provider's
 * answers. 0 and 1 are the product's; 2–4 are the provider's final words other than Completed
 * (docs/fulfilment.md), shown with their text ("other values show the server status text").
 */
/** The shared kernel's one table of Statuses (kernel/order-status.ts), under this module's names. */
export const SUBSCRIPTION_STATUS = ORDER_STATUS;
export const SUBSCRIPTION_STATUS_TEXT = ORDER_STATUS_TEXT;
export type SubscriptionStatus = OrderStatus;

/** The pricing tier as bought (the shared kernel's: billing stores it on the order too). */
export type { PurchasedTier };

export interface Subscription {
  subscriptionId: string;
  userId: string;
  planId: string | null;
  planName: string;
  profileLink: string;
  orderId: string;
  paymentId: string;
  status: SubscriptionStatus;
  pricing: PurchasedTier;
  /**
   * The customer's e-mail address and name at purchase, copied by billing (the admin's task list
   * searches and shows them without reading identity's tables). Not updated by later profile edits.
   */
  customerEmail: string;
  customerName: string;
  /** Paid with no real money (its order's gateway was the sandbox or a Razorpay test key), copied by billing (docs/payments.md#sandbox-orders). */
  sandbox: boolean;
  /** Automatic delivery by the upstream provider, as the fulfilment module records it; null on the manual path. */
  fulfilment: SubscriptionFulfilment | null;
  /** Its order's refunds and refund requests, as billing last summed them up (docs/refunds.md); null: none. */
  refund: RefundSummary | null;
  /**
   * The refill guarantee as bought, the completion it runs from, and the newest refills
   * (docs/refill.md). Absent where a subscription is built without them (read as no guarantee).
   */
  refills?: SubscriptionRefills;
  createdAt: Date;
  updatedAt: Date;
}

/** What billing hands over when an order is paid; `sandbox` left out: a real-money order. */
export type NewPurchase = Pick<Subscription, 'userId' | 'planId' | 'planName' | 'profileLink' | 'orderId' | 'paymentId' | 'pricing' | 'customerEmail' | 'customerName'> &
  Partial<Pick<Subscription, 'sandbox'>>;

/** The Status values staff may set (docs/product.md#orders-and-fulfilment: In Process and Completed, toggled after confirmation). */
export const ADMIN_SETTABLE_STATUSES: readonly SubscriptionStatus[] = [SUBSCRIPTION_STATUS.InProcess, SUBSCRIPTION_STATUS.Completed];

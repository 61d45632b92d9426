import type { AdminOrderKind, PaymentOrder, VoidReason } from '../domain/payment-order';

/** Where payment orders and the webhook events already handled are kept. Joins the caller's UnitOfWork. */
export abstract class PaymentOrderRepository {
  abstract insert(order: PaymentOrder): Promise<void>;

  abstract findById(orderId: string): Promise<PaymentOrder | null>;

  /** The order, row-locked until the surrounding UnitOfWork ends (SELECT … FOR UPDATE). */
  abstract lockById(orderId: string): Promise<PaymentOrder | null>;

  /** Marks the order paid, and notes the subscription it became when given. */
  abstract markPaid(orderId: string, paymentId: string, at: Date, subscriptionId?: string): Promise<void>;

  /**
   * Marks an order that was not paid yet as paid by `paymentId` but not honoured (`reason`): it gets
   * no subscription, and its payment is refunded in full (CompletePayment).
   */
  abstract markVoid(orderId: string, paymentId: string, at: Date, reason: VoidReason): Promise<void>;

  /** Notes the subscription a paid order became. */
  abstract linkSubscription(orderId: string, subscriptionId: string): Promise<void>;

  abstract markFailed(orderId: string, reason: string): Promise<void>;

  /**
   * The stuck-order sweep's next batch: orders not paid, made between `from` and `to` (failed ones
   * only when made after `failedFrom`: a later attempt on a declined order may still succeed), least
   * recently checked first, so every such order gets its turn however many there are.
   */
  abstract dueForCheck(window: { from: Date; to: Date; failedFrom: Date }, limit: number): Promise<PaymentOrder[]>;

  /** Notes that the sweep asked the gateway about this order. */
  abstract markChecked(orderId: string, at: Date): Promise<void>;

  /** True when a webhook event with this id was handled before (a replay or Razorpay's retry). */
  abstract hasWebhookEvent(eventId: string): Promise<boolean>;

  /** Notes a handled webhook event id (a second note of the same id is a no-op). */
  abstract rememberWebhookEvent(eventId: string, event: string): Promise<void>;

  /**
   * One page of the admin's orders of one kind, newest first: 'paid-without-subscription' (paid,
   * no subscription noted, not void) or 'unpaid-stale' (not paid, made before `staleBefore`). `total` is exact
   * up to 1,000 and the database's estimate above; `hasNext` is exact.
   */
  abstract pageForAdmin(
    kind: AdminOrderKind,
    staleBefore: Date,
    page: number,
    limit: number,
  ): Promise<{ items: PaymentOrder[]; total: number; totalIsExact: boolean; hasNext: boolean }>;
}

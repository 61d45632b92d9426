import {
  api,
  PAYMENT_VERIFY_TIMEOUT_MS,
  type NewOrder,
  type OrderAnswer,
  type PaymentProof,
  type SandboxCheckout,
  type Subscription,
  type SubscriptionAnswer,
} from '@growth/kit';
import type { PaymentFailure } from './razorpay';

/** What checkout needs to know about the plan a tier belongs to. */
export interface CheckoutPlan {
  planId: string;
  name: string;
  slug: string;
  /** The plan's currency (default USD, docs/product.md#limits). */
  currency: string;
}

export function createOrder(order: NewOrder): Promise<OrderAnswer> {
  return api.post<OrderAnswer>('/payment/order', order);
}

/** The sandbox gateway's card: Razorpay's handler response, or its payment.failed response. */
export type SandboxAnswer = (PaymentProof & { failed?: false }) | (PaymentFailure & { failed: true });

export function paySandbox(orderId: string, outcome: SandboxCheckout['outcome']): Promise<SandboxAnswer> {
  const body: SandboxCheckout = { orderId, outcome };
  return api.post<SandboxAnswer>('/payment/sandbox/checkout', body);
}

/** POST /payment/verify with the three razorpay_* fields and the 25 s time-out (docs/product.md#api, docs/product.md#limits). */
/** The answer carries the subscription the payment became (its id gives the shop's order number). */
export function verifyPayment(proof: PaymentProof): Promise<Partial<SubscriptionAnswer<Subscription>> & { message?: string }> {
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = proof;
  const body: PaymentProof = { razorpay_order_id, razorpay_payment_id, razorpay_signature };
  return api.post('/payment/verify', body, { timeoutMs: PAYMENT_VERIFY_TIMEOUT_MS });
}

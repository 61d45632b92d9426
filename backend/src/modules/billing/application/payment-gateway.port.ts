/**
 * The payment provider, behind one port. Adapters (chosen by PAYMENTS_PROVIDER): Razorpay (the
 * `razorpay` SDK) and the sandbox (local order ids, a checkout dialog in the browser). Both are
 * verified by the same signature code (PaymentSignatures): the gateway only creates orders and
 * reports what happened to them.
 */
export interface NewGatewayOrder {
  /** Minor units of `currency` (backend/src/kernel/money.ts: cents, fils, yen). */
  amount: number;
  currency: string;
  /** Our own reference, at most 40 characters (Razorpay's limit). */
  receipt: string;
  notes: Record<string, string>;
}

export interface GatewayOrder {
  /** The provider's order id, e.g. `order_Np0fJ3Fq2yXz9A`. */
  id: string;
  amount: number;
  currency: string;
}

/** One payment attempt on an order, as the provider reports it. */
export interface GatewayPayment {
  id: string;
  orderId: string;
  /** Razorpay's payment states. `captured` means the money is ours. */
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amount: number;
  currency: string;
  errorDescription: string | null;
  /** When the payment was made (Razorpay's `created_at`); null when the provider does not say. */
  createdAt: Date | null;
}

/** A refund as the gateway reports it (Razorpay's Refunds API: `rfnd_…`, amount in minor units). */
export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  /** Razorpay's refund states. */
  status: 'pending' | 'processed' | 'failed';
}

/** What we ask the gateway to send back (docs/refunds.md). */
export interface NewGatewayRefund {
  /** The captured payment (`pay_…`). */
  paymentId: string;
  /** Minor units; never more than what is left of the payment. */
  amount: number;
  /** Ours, 10–50 characters of letters, digits, `-` and `_` (Razorpay's X-Refund-Idempotency). */
  idempotencyKey: string;
  /** Our reference (Razorpay's `receipt`, at most 40 characters). */
  receipt: string;
  /** Short strings; `refund_id` carries our id so a webhook can find the refund before we know its rfnd id. */
  notes: Record<string, string>;
}

/**
 * Why a refund call did not give an answer:
 * - `rejected`: the gateway refused it (4xx other than 409/429: not captured, more than is left…);
 *   nothing was done, the refund has failed;
 * - `unclear`: no answer, a timeout, 5xx, 409 (the same key is still being worked on), 429, or an
 *   unreadable answer; the gateway may have acted, so the call is repeated later with the SAME key.
 */
export class RefundCallError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unclear',
    message: string,
  ) {
    super(message);
    this.name = 'RefundCallError';
  }
}

export abstract class PaymentGateway {
  abstract readonly provider: 'sandbox' | 'razorpay';
  /** The public key id the browser's checkout needs. */
  abstract readonly keyId: string;

  /**
   * Creates the order at the provider. A provider that cannot be reached or answers with an error
   * raises AppError('bad_gateway', <human message>, 'gateway_unavailable'), never a raw error.
   */
  abstract createOrder(input: NewGatewayOrder): Promise<GatewayOrder>;

  /** Every payment attempt on the order (Razorpay: orders.fetchPayments). Same error rule. */
  abstract paymentsOf(orderId: string): Promise<GatewayPayment[]>;

  /**
   * Asks the gateway to refund `amount` of a captured payment (Razorpay: POST
   * /v1/payments/{id}/refund with `speed: normal` and the X-Refund-Idempotency header). A repeat
   * with the same idempotency key answers the same refund. Fails with RefundCallError only.
   */
  abstract refund(input: NewGatewayRefund): Promise<GatewayRefund>;

  /** The refund as the gateway knows it now (Razorpay: GET /v1/refunds/{id}). Fails with RefundCallError only. */
  abstract refundState(gatewayRefundId: string): Promise<GatewayRefund>;
}

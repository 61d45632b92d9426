/**
 * The payment provider, behind one port. Adapters (chosen by PAYMENTS_PROVIDER): Razorpay (the
 * `razorpay` SDK) and the sandbox (local order ids, a checkout dialog in the browser). Both are
 * verified by the same signature code (PaymentSignatures): the gateway only creates orders and
 * reports what happened to them.
 */
export interface NewGatewayOrder {
  /** Minor units (cents). */
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
}

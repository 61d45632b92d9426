import type { PaymentOrder } from '../domain/payment-order';
import type { GatewayPayment } from './payment-gateway.port';

/**
 * The sandbox gateway's checkout, played on our own server: the sandbox dialog's choice becomes a
 * payment the gateway keeps (so the stuck-order sweep finds it, as it finds Razorpay's). Bound
 * only when PAYMENTS_PROVIDER=sandbox.
 */
export abstract class SandboxPayments {
  abstract pay(order: PaymentOrder, outcome: 'success' | 'failure'): Promise<GatewayPayment>;
}

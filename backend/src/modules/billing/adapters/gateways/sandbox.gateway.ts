import { randomBytes } from 'node:crypto';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { PaymentGateway, type GatewayOrder, type GatewayPayment, type NewGatewayOrder } from '../../application/payment-gateway.port';
import { SandboxPayments } from '../../application/sandbox-payments.port';
import type { PaymentOrder } from '../../domain/payment-order';
import { SandboxPaymentOrmEntity } from '../persistence/sandbox-payment.orm-entity';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Razorpay-looking id: prefix + 14 random base62 characters (`order_Np0fJ3Fq2yXz9A`). */
export function sandboxId(prefix: 'order' | 'pay'): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
}

/**
 * The embedded profile's payment provider: order ids made locally, and a checkout played by our own
 * dialog whose choice is kept here (`sandbox_payments`), so `paymentsOf` answers like Razorpay's
 * orders.fetchPayments and the stuck-order sweep works the same on both. It never talks to the
 * network. Its results are signed with RAZORPAY_KEY_SECRET by SandboxCheckoutUseCase and verified
 * by the same code as Razorpay's.
 */
export class SandboxGateway extends PaymentGateway implements SandboxPayments {
  readonly provider = 'sandbox' as const;

  constructor(
    readonly keyId: string,
    private readonly uow: UnitOfWork,
  ) {
    super();
  }

  async createOrder(input: NewGatewayOrder): Promise<GatewayOrder> {
    return { id: sandboxId('order'), amount: input.amount, currency: input.currency };
  }

  async paymentsOf(orderId: string): Promise<GatewayPayment[]> {
    const rows = await this.uow.repository(SandboxPaymentOrmEntity).find({ where: { orderId }, order: { createdAt: 'ASC' } });
    return rows.map((row) => ({
      id: row.paymentId,
      orderId: row.orderId,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      errorDescription: row.errorDescription,
    }));
  }

  async pay(order: PaymentOrder, outcome: 'success' | 'failure'): Promise<GatewayPayment> {
    const payment: GatewayPayment = {
      id: sandboxId('pay'),
      orderId: order.orderId,
      status: outcome === 'success' ? 'captured' : 'failed',
      amount: order.amount,
      currency: order.currency,
      errorDescription: outcome === 'success' ? null : 'Your payment was declined by the sandbox card.',
    };
    await this.uow.repository(SandboxPaymentOrmEntity).insert({
      paymentId: payment.id,
      orderId: payment.orderId,
      status: outcome === 'success' ? 'captured' : 'failed',
      amount: payment.amount,
      currency: payment.currency,
      errorDescription: payment.errorDescription,
    });
    return payment;
  }
}

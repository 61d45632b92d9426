import { randomBytes } from 'node:crypto';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import {
  PaymentGateway,
  RefundCallError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type NewGatewayOrder,
  type NewGatewayRefund,
} from '../../application/payment-gateway.port';
import { SandboxPayments } from '../../application/sandbox-payments.port';
import type { PaymentOrder } from '../../domain/payment-order';
import { SandboxRefundOrmEntity } from '../persistence/refund.orm-entity';
import { SandboxPaymentOrmEntity } from '../persistence/sandbox-payment.orm-entity';

/** How the sandbox settles refunds (REFUND settings of AppConfig). */
export interface SandboxRefundSettings {
  settleMs: number;
  outcome: 'processed' | 'failed';
}

/** Hands a settled refund to the app, as Razorpay's webhook would (SandboxRefundWebhooks). */
export type SandboxRefundListener = (refund: GatewayRefund, notes: Record<string, string>) => Promise<void>;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Razorpay-looking id: prefix + 14 random base62 characters (`order_Np0fJ3Fq2yXz9A`). */
export function sandboxId(prefix: 'order' | 'pay' | 'rfnd'): string {
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

  private listener: SandboxRefundListener | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private failNext = 0;

  constructor(
    readonly keyId: string,
    private readonly uow: UnitOfWork,
    private readonly refunds: SandboxRefundSettings = { settleMs: 1_500, outcome: 'processed' },
  ) {
    super();
  }

  /** Who hears of settled refunds (the webhook path); set once the app is up. */
  onRefundSettled(listener: SandboxRefundListener | null): void {
    this.listener = listener;
  }

  /** The next `count` refunds fail when they settle (for tests; docs/refunds.md). */
  failNextRefunds(count = 1): void {
    this.failNext += count;
  }

  /** Forgets the refunds waiting to settle (at shutdown); the reconciler asks about them after a restart. */
  stopSettling(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * Records the refund like Razorpay (the same idempotency key answers the same refund) and settles
   * it `settleMs` later through the listener: the webhook handler's path. Checks what Razorpay
   * checks: a captured payment of ours, and never more than it took.
   */
  async refund(input: NewGatewayRefund): Promise<GatewayRefund> {
    const refunds = this.uow.repository(SandboxRefundOrmEntity);
    const earlier = await refunds.findOneBy({ idempotencyKey: input.idempotencyKey });
    if (earlier) return this.asGatewayRefund(earlier);
    const payment = await this.uow.repository(SandboxPaymentOrmEntity).findOneBy({ paymentId: input.paymentId });
    if (!payment || payment.status !== 'captured') throw new RefundCallError('rejected', 'The sandbox refused the refund: the payment was not captured.');
    const taken = await refunds.findBy({ paymentId: input.paymentId });
    const refunded = taken.filter((r) => r.outcome === 'processed').reduce((sum, r) => sum + r.amount, 0);
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || refunded + input.amount > payment.amount) {
      throw new RefundCallError('rejected', 'The sandbox refused the refund: the refund amount provided is greater than amount captured.');
    }
    const failing = this.failNext > 0 || this.refunds.outcome === 'failed';
    if (this.failNext > 0) this.failNext -= 1;
    const row: SandboxRefundOrmEntity = {
      refundId: sandboxId('rfnd'),
      paymentId: input.paymentId,
      amount: input.amount,
      currency: payment.currency,
      idempotencyKey: input.idempotencyKey,
      outcome: failing ? 'failed' : 'processed',
      settleAt: new Date(Date.now() + this.refunds.settleMs),
      createdAt: new Date(),
    };
    await refunds.insert(row);
    const pending = this.asGatewayRefund(row);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.listener?.({ ...pending, status: row.outcome }, input.notes);
    }, this.refunds.settleMs);
    timer.unref();
    this.timers.add(timer);
    return pending;
  }

  async refundState(gatewayRefundId: string): Promise<GatewayRefund> {
    const row = await this.uow.repository(SandboxRefundOrmEntity).findOneBy({ refundId: gatewayRefundId });
    if (!row) throw new RefundCallError('rejected', `The sandbox has no refund ${gatewayRefundId}.`);
    return this.asGatewayRefund(row);
  }

  private asGatewayRefund(row: SandboxRefundOrmEntity): GatewayRefund {
    const settled = row.settleAt.getTime() <= Date.now();
    return { id: row.refundId, paymentId: row.paymentId, amount: row.amount, currency: row.currency, status: settled ? row.outcome : 'pending' };
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
      createdAt: row.createdAt,
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
      createdAt: null,
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

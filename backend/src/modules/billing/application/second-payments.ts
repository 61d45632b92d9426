import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { formatMinorUnits } from '../../../kernel/money';
import { secondPaymentKey, type Refund } from '../domain/refund';
import { IssueRefund } from './issue-refund';
import { PaymentGateway } from './payment-gateway.port';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { refundIssuedMail } from './refund.mails';
import { RefundRepository } from './refund.repository.port';

/** Who the audit log names for what the shop does by itself (its actor_id column is a uuid). */
const SYSTEM: Principal = { id: '00000000-0000-0000-0000-000000000000', role: 'system' as Principal['role'] };

/**
 * A payment captured for an order that another payment had paid already (the checkout's answer was
 * lost and the customer paid again) is never kept (docs/refunds.md#second-payments): it is refunded
 * in full, once, whoever finds it first: the verification that answers it 409 `order_already_paid`,
 * the gateway's `payment.captured` webhook, or the stuck-order sweep. The refund (reason
 * `second_payment`, on the order, of the other payment, key `second-<payment id>`) is stored with its
 * mail and an audit entry under the order's row lock, so 50 callers at once store one; it is sent to
 * the gateway after the commit with that key (a repeat answers the same refund; an unclear answer is
 * the refund sweep's). A payment the gateway does not report as captured is not refunded (it was
 * never ours, or Razorpay releases it by itself).
 */
@Injectable()
export class SecondPayments {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: PaymentOrderRepository,
    private readonly refunds: RefundRepository,
    private readonly gateway: PaymentGateway,
    private readonly issue: IssueRefund,
    private readonly mailer: Mailer,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /**
   * Refunds `paymentId` when it is a captured payment of `orderId` other than the one that paid it.
   * Returns its refund (stored now or before), or null when there is nothing to refund. Never throws
   * for a gateway that cannot be asked now: the sweep finds the payment again.
   */
  async refundIfSecond(orderId: string, paymentId: string): Promise<Refund | null> {
    const order = await this.orders.findById(orderId);
    if (!order || order.status !== 'paid' || !order.paymentId || order.paymentId === paymentId) return null;
    let payments;
    try {
      payments = await this.gateway.paymentsOf(orderId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.logger.warn(`Order ${orderId}: second payment ${paymentId} not checked, the gateway did not answer (${error.message}); the sweep asks again`);
      return null;
    }
    const captured = payments.find((p) => p.id === paymentId && p.status === 'captured');
    if (!captured) return null;
    const stored = await this.uow.run(async () => {
      const locked = await this.orders.lockById(orderId);
      if (!locked?.paymentId || locked.paymentId === paymentId) return null;
      const key = secondPaymentKey(paymentId);
      const earlier = (await this.refunds.ofOrder(orderId)).find((r) => r.idempotencyKey === key);
      if (earlier) return { refund: earlier, created: false };
      const refundId = randomUUID();
      const refund: Refund = {
        refundId,
        orderId,
        subscriptionId: locked.subscriptionId,
        paymentId,
        amount: captured.amount,
        currency: captured.currency,
        reason: 'second_payment',
        note: `Second payment for an order already paid (by ${locked.paymentId}): refunded in full.`,
        actor: { role: 'system', id: null },
        state: 'pending',
        gatewayRefundId: null,
        idempotencyKey: key,
        failureReason: null,
        attempts: 0,
        createdAt: this.clock.now(),
        settledAt: null,
        checkedAt: null,
      };
      const inserted = await this.refunds.insert(refund);
      if (inserted !== 'inserted') throw new Error(`The refund of second payment ${paymentId} on order ${orderId} was not stored (${inserted})`);
      await this.mailer.send(refundIssuedMail(locked, refund));
      await this.audit.record(SYSTEM, {
        action: 'refund.second_payment',
        entity: 'payment_order',
        entityId: orderId,
        after: { refundId, paymentId, orderPaymentId: locked.paymentId, amount: formatMinorUnits(captured.amount, captured.currency), currency: captured.currency },
      });
      return { refund, created: true };
    });
    if (!stored) return null;
    if (!stored.created) return stored.refund;
    this.logger.warn(`Order ${orderId} was paid again by ${paymentId} (it was paid by ${order.paymentId}): refunding the second payment in full`);
    try {
      return await this.issue.send(stored.refund);
    } catch (error) {
      this.logger.error(
        `Refund ${stored.refund.refundId} of second payment ${paymentId} was stored but not sent (${(error as Error).message}); the refund sweep sends it`,
      );
      return stored.refund;
    }
  }
}

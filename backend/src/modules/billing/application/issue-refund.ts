import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { formatMinorUnits } from '../../../kernel/money';
import { NOTHING_LEFT_MESSAGE, nothingToRefund, orderNotFound, orderNotPaid } from '../domain/billing.errors';
import { refundKey, type Refund, type RefundActor, type RefundReason } from '../domain/refund';
import { PaymentGateway, RefundCallError } from './payment-gateway.port';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { refundIssuedMail } from './refund.mails';
import { RefundRepository } from './refund.repository.port';
import { RefundSummaries } from './refund-summaries';
import { SettleRefund } from './settle-refund';
import { FulfilmentIntake } from '../../fulfilment/application/fulfilment-intake';
import { SubscriptionRefunds } from '../../subscriptions/application/subscription-refunds.port';

export interface RefundCommand {
  orderId: string;
  /** Minor units; null: everything not refunded yet. */
  amount: number | null;
  reason: RefundReason;
  note: string | null;
  actor: RefundActor;
  /** Ours unless given (an automatic refund's is derived from its subscription, so it exists once). */
  idempotencyKey?: string;
}

/**
 * Issues refunds (docs/refunds.md, "How a refund runs"). `record` runs inside the caller's
 * transaction: it locks the order, checks what is left, stores the refund `pending` (the database's
 * trigger and CHECK refuse a total above what was paid, whatever the application thinks), updates
 * the subscription's summary and writes the "refund issued" mail. `send` runs after the commit: one
 * gateway call with our idempotency key; a refusal fails the refund, an unclear answer leaves it
 * pending for the reconciler, which repeats the call with the same key. A refund of everything left
 * ends the order in the same transaction: not placed upstream if it was not yet, and Refunded if it
 * was In Process (docs/refunds.md#a-full-refund-ends-the-order).
 */
@Injectable()
export class IssueRefund {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: PaymentOrderRepository,
    private readonly refunds: RefundRepository,
    private readonly summaries: RefundSummaries,
    private readonly gateway: PaymentGateway,
    private readonly settle: SettleRefund,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly subscriptions: SubscriptionRefunds,
    private readonly fulfilment: FulfilmentIntake,
  ) {}

  /** Stores the refund in the surrounding UnitOfWork (or its own). Throws AppError 404/409 when it cannot be. */
  async record(command: RefundCommand): Promise<Refund> {
    return this.uow.run(async () => {
      const order = await this.orders.lockById(command.orderId);
      if (!order) throw orderNotFound();
      if (order.status !== 'paid' || !order.paymentId) throw orderNotPaid();
      const left = order.amount - order.refundedAmount;
      if (left <= 0) throw nothingToRefund();
      const amount = command.amount ?? left;
      if (amount > left) {
        throw new AppError('conflict', `Only ${formatMinorUnits(left, order.currency)} ${order.currency} is left to refund on this order.`, 'refund_over_limit');
      }
      const refundId = randomUUID();
      const now = this.clock.now();
      const refund: Refund = {
        refundId,
        orderId: order.orderId,
        subscriptionId: order.subscriptionId,
        paymentId: order.paymentId,
        amount,
        currency: order.currency,
        reason: command.reason,
        note: command.note,
        actor: command.actor,
        state: 'pending',
        gatewayRefundId: null,
        idempotencyKey: command.idempotencyKey ?? refundKey(refundId),
        failureReason: null,
        attempts: 0,
        createdAt: now,
        settledAt: null,
        checkedAt: null,
      };
      const stored = await this.refunds.insert(refund);
      // Under the order's row lock these mean another writer that did not take it; the database held the line.
      if (stored === 'over_limit') throw new AppError('conflict', NOTHING_LEFT_MESSAGE, 'refund_over_limit');
      if (stored === 'duplicate_key') throw new AppError('conflict', 'This refund was issued already.', 'refund_duplicate');
      await this.summaries.refresh(order);
      // Nothing is left of what was paid: the order ends (docs/refunds.md#a-full-refund-ends-the-order).
      if (amount === left && order.subscriptionId) {
        await this.fulfilment.withdraw(order.subscriptionId);
        await this.subscriptions.endRefunded(order.subscriptionId, now);
      }
      await this.mailer.send(refundIssuedMail(order, refund));
      return refund;
    });
  }

  /**
   * One gateway call for a stored pending refund (also the reconciler's repeat, with the same key).
   * Returns the refund as it is now.
   */
  async send(refund: Refund): Promise<Refund> {
    try {
      const answer = await this.gateway.refund({
        paymentId: refund.paymentId,
        amount: refund.amount,
        idempotencyKey: refund.idempotencyKey,
        receipt: refund.refundId,
        notes: { refund_id: refund.refundId, order_id: refund.orderId, reason: refund.reason },
      });
      await this.refunds.noteGatewayAnswer(refund.refundId, answer.id, this.clock.now());
      if (answer.status !== 'pending')
        await this.settle.execute(refund, answer.status, answer.status === 'failed' ? 'The payment gateway could not process the refund.' : undefined);
    } catch (error) {
      if (!(error instanceof RefundCallError)) throw error;
      if (error.kind === 'rejected') {
        await this.settle.execute(refund, 'failed', error.message);
      } else {
        this.logger.warn(
          `Refund ${refund.refundId} of order ${refund.orderId}: no clear answer from the gateway (${error.message}); it is asked again with the same key`,
        );
        await this.refunds.noteAttempt(refund.refundId, error.message, this.clock.now());
      }
    }
    return (await this.refunds.findById(refund.refundId)) ?? refund;
  }
}

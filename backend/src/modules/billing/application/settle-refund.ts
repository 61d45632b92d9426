import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import type { Refund } from '../domain/refund';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { refundProcessedMail } from './refund.mails';
import { RefundRepository } from './refund.repository.port';
import { RefundSummaries } from './refund-summaries';

/**
 * The one place a refund's final word is stored, whoever brought it (the gateway's answer, its
 * webhook, the reconciler): `pending` → `processed` (the customer is told) or `failed` (its amount is
 * free again: the database trigger gives it back; staff see why). A refund that is no longer pending
 * is left alone, so a late or repeated word changes nothing. Returns whether this call settled it.
 */
@Injectable()
export class SettleRefund {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly refunds: RefundRepository,
    private readonly orders: PaymentOrderRepository,
    private readonly summaries: RefundSummaries,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  async execute(refund: Refund, state: 'processed' | 'failed', failureReason?: string): Promise<boolean> {
    const settled = await this.uow.run(async () => {
      // The order's row first, as every refund change takes it: see RefundSummaries.
      const order = await this.orders.lockById(refund.orderId);
      if (!order) throw new Error(`Refund ${refund.refundId} belongs to order ${refund.orderId}, which is not stored`);
      if (!(await this.refunds.settle(refund.refundId, state, this.clock.now(), failureReason))) return false;
      await this.summaries.refresh(order);
      if (state === 'processed') await this.mailer.send(refundProcessedMail(order, refund));
      return true;
    });
    if (settled && state === 'failed') this.logger.warn(`Refund ${refund.refundId} of order ${refund.orderId} failed: ${failureReason ?? 'no reason given'}`);
    if (settled && state === 'processed') this.logger.log(`Refund ${refund.refundId} of order ${refund.orderId} processed`);
    return settled;
  }
}

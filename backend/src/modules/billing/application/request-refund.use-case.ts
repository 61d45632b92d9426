import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DAY_MS } from '../../../kernel/day-text';
import type { Principal } from '../../../platform/auth/principal';
import { AppConfig } from '../../../platform/config/app-config';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { Clock } from '../../../platform/time/clock';
import { SubscriptionRefunds } from '../../subscriptions/application/subscription-refunds.port';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { notYourOrderToAsk, subscriptionNotFound } from '../../subscriptions/domain/subscriptions.errors';
import { nothingToRefund, orderNotPaid } from '../domain/billing.errors';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { RefundRepository } from './refund.repository.port';
import { RefundSummaries } from './refund-summaries';

/**
 * POST /subscription/refund-request: a customer asks for the money back on one of their paid orders,
 * within REFUND_WINDOW_DAYS of paying (docs/refunds.md, "Policy"); staff approve or decline. One open
 * request per order (a unique index decides under concurrency). Returns the subscription, whose
 * summary now says the request is open.
 */
@Injectable()
export class RequestRefundUseCase {
  constructor(
    private readonly config: AppConfig,
    private readonly uow: UnitOfWork,
    private readonly subscriptions: SubscriptionRefunds,
    private readonly orders: PaymentOrderRepository,
    private readonly refunds: RefundRepository,
    private readonly summaries: RefundSummaries,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Principal, command: { subscriptionId: string; reason: string }): Promise<Subscription> {
    const subscription = await this.subscriptions.findById(command.subscriptionId);
    if (!subscription) throw subscriptionNotFound();
    if (caller.role !== 'customer' || caller.id !== subscription.userId) {
      throw notYourOrderToAsk('refunds');
    }
    const order = await this.orders.findById(subscription.orderId);
    if (!order || order.status !== 'paid') throw orderNotPaid();
    const days = this.config.refunds.windowDays;
    const paidAt = order.paidAt ?? subscription.createdAt;
    if (this.clock.now().getTime() - paidAt.getTime() > days * DAY_MS) {
      const paidOn = paidAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
      throw new AppError(
        'conflict',
        `Refunds can be requested within ${days} days of purchase (see our Refund Policy). This order was paid on ${paidOn}; please contact support if something went wrong with it.`,
        'refund_window_closed',
      );
    }
    if (order.amount - order.refundedAmount <= 0) throw nothingToRefund();
    return this.uow.run(async () => {
      const stored = await this.refunds.insertRequest({
        requestId: randomUUID(),
        orderId: order.orderId,
        subscriptionId: subscription.subscriptionId,
        source: 'customer',
        reason: command.reason,
        amount: null,
        currency: order.currency,
        state: 'open',
        message: null,
        refundId: null,
        decidedBy: null,
        decidedAt: null,
        createdAt: this.clock.now(),
      });
      if (stored === 'already_open') {
        throw new AppError('conflict', 'A refund request for this order is already open. We review requests within 7-10 business days.', 'refund_request_open');
      }
      await this.summaries.refresh({ ...order, subscriptionId: subscription.subscriptionId });
      return (await this.subscriptions.findById(subscription.subscriptionId)) ?? subscription;
    });
  }
}

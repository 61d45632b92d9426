import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { FulfilmentIntake } from '../../fulfilment/application/fulfilment-intake';
import { RecordPurchaseUseCase } from '../../subscriptions/application/record-purchase.use-case';
import type { Subscription } from '../../subscriptions/domain/subscription';
import type { PaymentOrder } from '../domain/payment-order';
import { orderConfirmationMail } from './order-confirmation.mail';
import { PaymentOrderRepository } from './payment-order.repository.port';

export type PaymentSource = 'checkout' | 'redirect' | 'webhook' | 'reconcile';

/**
 * The one place a proven payment turns an order into its subscription, whoever proved it: the
 * browser's verification, the redirect callback, a webhook or the stuck-order sweep.
 *
 * In one transaction: lock the order row (concurrent completions of one order wait here), and if it
 * is not paid yet, store the subscription (insert-once on the unique order id, the second line of
 * defence) and mark the order paid; the call that created the subscription also writes the
 * confirmation mail to the mail outbox. The subscription and its mail commit together, so there is
 * one mail per order, and a paid order never lacks its mail, whether or not the queue is up (the
 * outbox relays it once it is). A new subscription of a tier delivered by the provider panel is
 * queued for it in the same transaction (FulfilmentIntake; its place-order job is enqueued after the
 * commit): the queued state commits with the subscription, or neither does.
 */
@Injectable()
export class CompletePayment {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: PaymentOrderRepository,
    private readonly purchases: RecordPurchaseUseCase,
    private readonly mailer: Mailer,
    private readonly fulfilment: FulfilmentIntake,
    private readonly clock: Clock,
  ) {}

  /**
   * Completes `orderId` with `paymentId`. `accept(order)` runs on the locked order first and may
   * throw (wrong owner...). Returns the order's subscription and whether this call created it.
   */
  async execute(
    orderId: string,
    paymentId: string,
    source: PaymentSource,
    accept: (order: PaymentOrder) => void = () => undefined,
  ): Promise<{ order: PaymentOrder; subscription: Subscription; created: boolean }> {
    const result = await this.uow.run(async () => {
      const order = await this.orders.lockById(orderId);
      if (!order) throw new AppError('not_found', 'Order not found', 'order_not_found');
      accept(order);
      const { subscription, created } = await this.purchases.execute({
        userId: order.userId,
        planId: order.planId,
        planName: order.planName,
        profileLink: order.profileLink,
        orderId: order.orderId,
        paymentId: order.status === 'paid' && order.paymentId ? order.paymentId : paymentId,
        pricing: order.tier,
        customerEmail: order.email,
        customerName: order.customerName,
      });
      if (order.status !== 'paid') {
        const now = this.clock.now();
        await this.orders.markPaid(order.orderId, subscription.paymentId, now, subscription.subscriptionId);
        Object.assign(order, { status: 'paid', paymentId: subscription.paymentId, paidAt: now, subscriptionId: subscription.subscriptionId });
      } else if (order.subscriptionId !== subscription.subscriptionId) {
        // Paid, but not (yet) noted as turned into its subscription: the admin's orders list shows
        // such orders; note it now.
        await this.orders.linkSubscription(order.orderId, subscription.subscriptionId);
        order.subscriptionId = subscription.subscriptionId;
      }
      if (created) {
        await this.fulfilment.accept(subscription);
        await this.mailer.send(orderConfirmationMail(order));
      }
      return { order, subscription, created };
    });
    if (result.created) this.logger.log(`Order ${orderId} paid (${source}): subscription ${result.subscription.subscriptionId}`);
    return result;
  }
}

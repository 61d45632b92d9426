import { Injectable, Logger, Optional } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { AppError } from '../../../platform/errors/app-error';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { FulfilmentIntake } from '../../fulfilment/application/fulfilment-intake';
import { RecordPurchaseUseCase } from '../../subscriptions/application/record-purchase.use-case';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { orderNotFound } from '../domain/billing.errors';
import type { PaymentOrder } from '../domain/payment-order';
import type { Refund } from '../domain/refund';
import { IssueRefund } from './issue-refund';
import { orderConfirmationMail } from './order-confirmation.mail';
import { OrderAcceptance } from './order-acceptance';
import { VOID_ANSWERS, orderVoidMail, voidRefundKey } from './order-void';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { SecondPayments } from './second-payments';

export type PaymentSource = 'checkout' | 'redirect' | 'webhook' | 'reconcile';

/**
 * How a proven payment ended: its subscription (`created` by this call or an earlier one), or, for a
 * payment that was not honoured, no subscription and the order's `voidReason` (its refund was
 * issued by the call that voided it: `refund`, null on a repeat).
 */
export type PaymentOutcome =
  | { order: PaymentOrder; subscription: Subscription; created: boolean; refund?: undefined }
  | { order: PaymentOrder & { voidReason: NonNullable<PaymentOrder['voidReason']> }; subscription: null; created: false; refund: Refund | null };

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
 *
 * A payment that is not honoured (OrderAcceptance: the offer was withdrawn, or the order expired at
 * a price that changed) is never kept: in the same transaction the order is marked paid and void,
 * its full refund is recorded in the ledger (IssueRefund, reason `staff` with a note, one per order
 * by its idempotency key) and the customer is mailed why; the refund is sent to the gateway after
 * the commit (an unclear answer leaves it to the refund sweep, as any refund).
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
    private readonly acceptance: OrderAcceptance,
    private readonly refunds: IssueRefund,
    private readonly config: AppConfig,
    @Optional() private readonly secondPayments?: SecondPayments,
  ) {}

  /**
   * Completes `orderId` with `paymentId`. `accept(order)` runs on the locked order first and may
   * throw (wrong owner...). `madeAt` is when the payment was made, as the gateway states it (a
   * webhook's or the sweep's `created_at`); by default now, the moment the proof arrives.
   */
  async execute(
    orderId: string,
    paymentId: string,
    source: PaymentSource,
    accept: (order: PaymentOrder) => void = () => undefined,
    madeAt?: Date,
  ): Promise<PaymentOutcome> {
    let result: PaymentOutcome;
    try {
      result = await this.completeLocked(orderId, paymentId, accept, madeAt);
    } catch (error) {
      // The verification of another payment of a paid order: answered 409, and that payment is refunded.
      if (error instanceof AppError && error.code === 'order_already_paid') await this.secondPayments?.refundIfSecond(orderId, paymentId);
      throw error;
    }
    // A webhook or the sweep brought a payment other than the one that paid the order: it is refunded.
    if (result.order.paymentId && result.order.paymentId !== paymentId) await this.secondPayments?.refundIfSecond(orderId, paymentId);
    if (result.subscription === null) {
      if (result.refund) {
        this.logger.warn(`Order ${orderId} paid (${source}) with ${paymentId} but not honoured (${result.order.voidReason}): refunding it in full`);
        await this.sendRefund(result.refund);
      }
    } else if (result.created) {
      this.logger.log(`Order ${orderId} paid (${source}): subscription ${result.subscription.subscriptionId}`);
    }
    return result;
  }

  private completeLocked(orderId: string, paymentId: string, accept: (order: PaymentOrder) => void, madeAt?: Date): Promise<PaymentOutcome> {
    return this.uow.run(async (): Promise<PaymentOutcome> => {
      const order = await this.orders.lockById(orderId);
      if (!order) throw orderNotFound();
      accept(order);
      if (order.voidReason) return { order: { ...order, voidReason: order.voidReason }, subscription: null, created: false, refund: null };
      if (order.status !== 'paid') {
        const now = this.clock.now();
        const reason = await this.acceptance.refusal(order, madeAt ?? now);
        if (reason) {
          await this.orders.markVoid(order.orderId, paymentId, now, reason);
          const voided = { ...order, status: 'paid' as const, paymentId, paidAt: now, failureReason: null, voidReason: reason };
          const refund = await this.refunds.record({
            orderId: order.orderId,
            amount: null,
            reason: 'not_honoured',
            note: VOID_ANSWERS[reason].note,
            actor: { role: 'system', id: null },
            idempotencyKey: voidRefundKey(order.orderId),
          });
          await this.mailer.send(orderVoidMail(voided, reason));
          return { order: voided, subscription: null, created: false, refund };
        }
      }
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
        sandbox: order.sandbox,
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
        await this.mailer.send(orderConfirmationMail(order, this.config.publicUrl));
      }
      return { order, subscription, created };
    });
  }

  /** The refund is stored; a failure to reach the gateway now leaves it to the refund sweep. */
  private async sendRefund(refund: Refund): Promise<void> {
    try {
      await this.refunds.send(refund);
    } catch (error) {
      this.logger.error(`Refund ${refund.refundId} of order ${refund.orderId} was stored but not sent (${(error as Error).message}); the refund sweep sends it`);
    }
  }
}

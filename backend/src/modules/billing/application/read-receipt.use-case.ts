import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import { SubscriptionRefunds } from '../../subscriptions/application/subscription-refunds.port';
import type { PaymentOrder } from '../domain/payment-order';
import type { Refund } from '../domain/refund';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { RefundRepository } from './refund.repository.port';

/** A paid order with what its receipt shows: the order, its payment's refunds (oldest first) and the quantity delivered. */
export interface OrderReceipt {
  order: PaymentOrder & { paymentId: string; paidAt: Date; subscriptionId: string };
  refunds: Refund[];
  quantity: number | null;
}

/**
 * The same answer for an order that does not exist, is not paid, was not honoured, or belongs to
 * someone else: a caller cannot tell another customer's order from none (docs/payments.md#receipt).
 */
export const receiptNotFound = () => new AppError('not_found', 'Receipt not found', 'receipt_not_found');

/**
 * The receipt of a paid order (docs/payments.md#receipt), for its own customer or an admin. Only an
 * order that was paid and became its subscription has one: a void order (paid but not honoured,
 * refunded in full) has no order number and the customer was mailed why instead. The refunds listed
 * are those of the order's own payment; a second payment's refund is not this order's money
 * (docs/refunds.md#second-payments).
 */
@Injectable()
export class ReadReceiptUseCase {
  constructor(
    private readonly orders: PaymentOrderRepository,
    private readonly refunds: RefundRepository,
    private readonly subscriptions: SubscriptionRefunds,
  ) {}

  async execute(caller: Principal, orderId: string): Promise<OrderReceipt> {
    const order = await this.orders.findById(orderId);
    if (!order || (caller.role !== 'admin' && order.userId !== caller.id)) throw receiptNotFound();
    const { paymentId, paidAt, subscriptionId } = order;
    if (order.status !== 'paid' || order.voidReason || !paymentId || !paidAt || !subscriptionId) throw receiptNotFound();
    const [refunds, subscription] = await Promise.all([this.refunds.ofOrder(orderId), this.subscriptions.findById(subscriptionId)]);
    return {
      order: { ...order, paymentId, paidAt, subscriptionId },
      refunds: refunds.filter((refund) => refund.paymentId === paymentId).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
      quantity: subscription?.fulfilment?.quantity ?? null,
    };
  }
}

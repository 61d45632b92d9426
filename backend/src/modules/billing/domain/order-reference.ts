import { orderNumberOf } from '@growth/contracts';
import type { PaymentOrder } from './payment-order';

/**
 * How a mail names an order to its customer: the shop's own order number (`SG-…`, as the success
 * dialog, the order card and the receipt show it) once the payment became a subscription. A payment
 * that never did (withdrawn, expired, a second payment's refund before one existed) has no number,
 * so it is named by the reference the checkout gave it (docs/payments.md#receipt).
 */
export function orderReferenceOf(order: Pick<PaymentOrder, 'orderId' | 'subscriptionId'>): { label: string; value: string } {
  return order.subscriptionId ? { label: 'Order number', value: orderNumberOf(order.subscriptionId) } : { label: 'Order reference', value: order.orderId };
}

/** The reference's line in a mail's body, e.g. `Order number: SG-3F9A2C1B`. */
export function orderReferenceLine(order: Pick<PaymentOrder, 'orderId' | 'subscriptionId'>): string {
  const { label, value } = orderReferenceOf(order);
  return `${label}: ${value}`;
}

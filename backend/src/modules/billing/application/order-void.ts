import { SHOP_NAME } from '../../../platform/config/brand';
import type { Mail } from '../../../platform/mail/mail.port';
import { formatMinorUnits } from '../../../kernel/money';
import type { PaymentOrder, VoidReason } from '../domain/payment-order';
import { orderReferenceLine, orderReferenceOf } from '../domain/order-reference';

/**
 * The shop's words for a payment that was not honoured (docs/payments.md#order-lifetime), by
 * reason: what the API answers (the code is the `error` field), what the refund's note says to
 * staff, and what the customer is mailed. The storefront shows its own text for the code.
 */
export const VOID_ANSWERS: Record<VoidReason, { code: string; message: string; note: string }> = {
  expired: {
    code: 'order_expired',
    message: 'This order expired before it was paid and its price has changed since. Your payment is being refunded in full; please buy again.',
    note: 'Not honoured: paid after the order expired, at a price that has changed since. Refunded in full.',
  },
  withdrawn: {
    code: 'order_withdrawn',
    message: 'This package is no longer on sale. Your payment is being refunded in full.',
    note: 'Not honoured: the plan or package was withdrawn from sale before the payment came in. Refunded in full.',
  },
};

/** Idempotency key of the one refund of a payment that was not honoured (so it exists once per order). */
export function voidRefundKey(orderId: string): string {
  return `void-${orderId}`.slice(0, 50);
}

/** The customer learns why no subscription came of their payment, whether or not their browser came back. */
export function orderVoidMail(order: PaymentOrder, reason: VoidReason): Mail {
  const amount = `${formatMinorUnits(order.amount, order.currency)} ${order.currency}`;
  const why =
    reason === 'withdrawn'
      ? 'We received your payment, but this package was withdrawn from sale before it came in, so we cannot deliver it.'
      : 'We received your payment after your order had expired (an order holds its price for 30 minutes), and the price of this package has changed since, so we cannot deliver it at the old price.';
  return {
    to: order.email,
    subject: `Your payment is being refunded: ${order.planName} ${order.tier.name} (${orderReferenceOf(order).value})`,
    text: [
      'Hello,',
      '',
      why,
      `Your payment of ${amount} is being refunded in full; you will get a separate mail about the refund.`,
      '',
      `Plan: ${order.planName}`,
      `Package: ${order.tier.name}`,
      orderReferenceLine(order),
      `Payment ID: ${order.paymentId ?? '-'}`,
      '',
      'You are welcome to buy again from the pricing page.',
      '',
      SHOP_NAME,
    ].join('\n'),
  };
}

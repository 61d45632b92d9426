import { SHOP_NAME } from '../../../platform/config/brand';
import type { Mail } from '../../../platform/mail/mail.port';
import { formatMinorUnits } from '../../../kernel/money';
import type { PaymentOrder } from '../domain/payment-order';
import { orderReferenceLine, orderReferenceOf } from '../domain/order-reference';

/** The address of an order's receipt page (docs/payments.md#receipt), under the shop's public URL. */
export function receiptUrlOf(publicUrl: string, orderId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/receipt/${encodeURIComponent(orderId)}`;
}

/** The mail a customer gets once, when their paid order became a subscription, with the link to its receipt. */
export function orderConfirmationMail(order: PaymentOrder, publicUrl: string): Mail {
  const amount = `${formatMinorUnits(order.amount, order.currency)} ${order.currency}`;
  const lines = [
    'Hello,',
    '',
    'Thank you for your order. Your payment is verified and the subscription is active.',
    '',
    `Plan: ${order.planName}`,
    `Package: ${order.tier.name}`,
    `Amount: ${amount}`,
    orderReferenceLine(order),
    `Payment ID: ${order.paymentId ?? '-'}`,
    `Profile link: ${order.profileLink}`,
    '',
    `Your receipt: ${receiptUrlOf(publicUrl, order.orderId)}`,
    '',
    'Delivery starts within 24-48 hours. You can follow it under Active Services in your account.',
    '',
    SHOP_NAME,
  ];
  return { to: order.email, subject: `Order confirmed: ${order.planName} ${order.tier.name} (${orderReferenceOf(order).value})`, text: lines.join('\n') };
}

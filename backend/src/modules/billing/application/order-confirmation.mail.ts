import { SHOP_NAME } from '../../../platform/config/brand';
import type { Mail } from '../../../platform/mail/mail.port';
import { formatMinorUnits } from '../../../kernel/money';
import type { PaymentOrder } from '../domain/payment-order';

/** The mail a customer gets once, when their paid order became a subscription. */
export function orderConfirmationMail(order: PaymentOrder): Mail {
  const amount = `${formatMinorUnits(order.amount, order.currency)} ${order.currency}`;
  const lines = [
    'Hello,',
    '',
    'Thank you for your order. Your payment is verified and the subscription is active.',
    '',
    `Plan: ${order.planName}`,
    `Package: ${order.tier.name}`,
    `Amount: ${amount}`,
    `Order ID: ${order.orderId}`,
    `Payment ID: ${order.paymentId ?? '-'}`,
    `Profile link: ${order.profileLink}`,
    '',
    'Delivery starts within 24-48 hours. You can follow it under Active Services in your account.',
    '',
    SHOP_NAME,
  ];
  return { to: order.email, subject: `Order confirmed: ${order.planName} ${order.tier.name} (${order.orderId})`, text: lines.join('\n') };
}

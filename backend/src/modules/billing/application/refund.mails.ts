import { SHOP_NAME } from '../../../platform/config/brand';
import type { Mail } from '../../../platform/mail/mail.port';
import { formatMinorUnits } from '../../../kernel/money';
import type { PaymentOrder } from '../domain/payment-order';
import type { Refund } from '../domain/refund';
import { orderReferenceLine, orderReferenceOf } from '../domain/order-reference';

const money = (amount: number, currency: string) => `${formatMinorUnits(amount, currency)} ${currency}`;
const signature = ['', SHOP_NAME];

/** Told when a refund is issued (docs/refunds.md): the amount, the order, and when to expect it. */
export function refundIssuedMail(order: PaymentOrder, refund: Refund): Mail {
  const why =
    refund.reason === 'undelivered'
      ? `Part of your order could not be delivered (${refund.note ?? 'not delivered'}), so we are refunding what you did not receive.`
      : refund.reason === 'not_honoured'
        ? 'We could not turn your payment into an order (we wrote to you why), so we are refunding it in full.'
        : refund.reason === 'second_payment'
          ? `This order was paid already, so we are refunding the second payment (${refund.paymentId}) in full. Your order stands as it was.`
          : 'We are refunding your order as agreed.';
  return {
    to: order.email,
    subject: `Refund of ${money(refund.amount, refund.currency)} on its way (${orderReferenceOf(order).value})`,
    text: [
      'Hello,',
      '',
      why,
      '',
      `Plan: ${order.planName}`,
      `Package: ${order.tier.name}`,
      `Refund: ${money(refund.amount, refund.currency)} of ${money(order.amount, order.currency)} paid`,
      orderReferenceLine(order),
      '',
      'The money goes back to the card or account you paid with. Banks usually show it within 5-7 business days; we will write again once it is processed.',
      ...signature,
    ].join('\n'),
  };
}

export function refundProcessedMail(order: PaymentOrder, refund: Refund): Mail {
  return {
    to: order.email,
    subject: `Your refund of ${money(refund.amount, refund.currency)} was processed (${orderReferenceOf(order).value})`,
    text: [
      'Hello,',
      '',
      `Your refund of ${money(refund.amount, refund.currency)} for ${order.planName} ${order.tier.name} (order ${orderReferenceOf(order).value}) was processed by our payment provider.`,
      'Depending on your bank it can take a few more days to appear on your statement.',
      ...signature,
    ].join('\n'),
  };
}

export function refundDeclinedMail(order: PaymentOrder, message: string): Mail {
  return {
    to: order.email,
    subject: `About your refund request (${orderReferenceOf(order).value})`,
    text: [
      'Hello,',
      '',
      `We looked at your refund request for ${order.planName} ${order.tier.name} (order ${orderReferenceOf(order).value}) and cannot refund it:`,
      '',
      message,
      '',
      'If you have questions, reply to this mail or write to us through the Contact page.',
      ...signature,
    ].join('\n'),
  };
}

import type { AdminSubscription } from '@growth/kit';
import { currencyDigits, fromMinorUnits, minorUnits } from './refundMoney';

/** The order a Refund, Approve or Decline dialog is about, and what it may refund. */
export interface RefundTarget {
  subscriptionId: string;
  orderId: string;
  planName: string;
  email: string | null;
  /** The order's currency, upper case. */
  currency: string;
  /** Decimal text still refundable; null when it is not known here (the server still refuses more: 409). */
  refundable: string | null;
  /** What the amount field starts with (everything refundable, or a failed refund's amount). */
  prefill: string;
  /** The open request (Approve, Decline). */
  requestId: string | null;
  /** Why `refundable` is not known, shown in the dialog. */
  notice?: string | null;
  /** The customer's words with their request, when known (the Refunds list has them; a task card does not). */
  requestNote?: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Decimal text still refundable on a subscription: with no refund and no request (`refund` null)
 * the whole price (docs/refunds.md "What the APIs say"), else the server's `refund.refundable`;
 * null when the body does not say.
 */
export function refundableOf(subscription: AdminSubscription): string | null {
  const refund = subscription.refund;
  if (refund === null || refund === undefined) return text(subscription.pricing?.price) || null;
  return text(refund.refundable) || null;
}

export function currencyOf(subscription: AdminSubscription): string {
  return (text(subscription.refund?.currency) || text(subscription.pricing?.currency) || 'USD').toUpperCase();
}

/** True when something is left to refund ('0.00' hides the Refund… button). */
export function canRefund(subscription: AdminSubscription): boolean {
  const currency = currencyOf(subscription);
  const left = minorUnits(refundableOf(subscription), currencyDigits(currency));
  return left !== null && left > 0n;
}

/** Decimal text as the currency writes it ('19.9' → '19.90'); the text as sent when it does not read. */
export function amountText(value: string | null, currency: string): string {
  if (value === null) return '';
  const digits = currencyDigits(currency);
  const minor = minorUnits(value, digits);
  return minor === null ? value : fromMinorUnits(minor, digits);
}

/** The dialog's target for a task card: everything refundable first. */
export function targetOfSubscription(subscription: AdminSubscription, prefill?: string | null): RefundTarget {
  const currency = currencyOf(subscription);
  const refundable = refundableOf(subscription);
  return {
    subscriptionId: subscription.subscriptionId,
    orderId: text(subscription.orderId) || '—',
    planName: text(subscription.planName) || 'subscription',
    email: text(subscription.customer?.email) || null,
    currency,
    refundable: refundable === null ? null : amountText(refundable, currency),
    prefill: amountText(prefill ?? refundable, currency),
    requestId: text(subscription.refund?.requestId) || null,
  };
}

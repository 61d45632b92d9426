import type { SubscriptionFulfilment } from './fulfilment';
import type { PurchasedTier } from './subscription';

/** Plain decimal text: an optional sign, digits, an optional fraction ("19.99", "0.27819", "-3", ".5"). */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** A decimal text as an integer of units of 10^-scale; null when it is not plain decimal text. */
function parseDecimal(text: string): { units: bigint; scale: number } | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

/** Units of 10^-scale as decimal text with exactly `scale` fraction digits ("-0.05", "12", "19.71181"). */
function formatDecimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * `a − b` on decimal texts, exactly (integers of the smallest unit, never binary floats), written
 * with the larger number of fraction digits of the two: "19.99" − "0.27819" = "19.71181",
 * "20.00" − "5" = "15.00", "0.10" − "0.30" = "-0.20". Null when either is not plain decimal text
 * (so a provider's odd charge never becomes a wrong margin).
 */
export function decimalDifference(a: string, b: string): string | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  const units = x.units * 10n ** BigInt(scale - x.scale) - y.units * 10n ** BigInt(scale - y.scale);
  return formatDecimal(units, scale);
}

/**
 * What an order left, in the price's currency (docs/refunds.md): price paid − refunded (sent back or
 * on its way) − upstream cost. An order the provider Canceled or Refunded (Status 3 or 4), or one
 * cancelled before it was placed, cost nothing upstream (the panel gives the charge back); otherwise
 * the cost is the provider's charge. Null while that charge is unknown, when the provider charges in
 * another currency (no exchange rates here), or when an amount is not plain decimal text.
 */
export function orderMargin(
  pricing: Pick<PurchasedTier, 'price' | 'currency'>,
  fulfilment: Pick<SubscriptionFulfilment, 'charge' | 'currency' | 'state'> | null,
  status: number,
  refunded: string | null = null,
): { amount: string; currency: string } | null {
  if (!fulfilment) return null;
  const costsNothing = fulfilment.state === 'canceled' || (fulfilment.state === 'done' && (status === 3 || status === 4));
  let cost = '0';
  if (!costsNothing) {
    if (fulfilment.charge === null || fulfilment.currency === null) return null;
    if (fulfilment.currency.trim().toUpperCase() !== pricing.currency.trim().toUpperCase()) return null;
    cost = fulfilment.charge;
  }
  const kept = refunded === null ? pricing.price : decimalDifference(pricing.price, refunded);
  const amount = kept === null ? null : decimalDifference(kept, cost);
  return amount === null ? null : { amount, currency: pricing.currency };
}

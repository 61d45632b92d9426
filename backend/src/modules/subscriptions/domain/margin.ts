import { ORDER_STATUS } from '../../../kernel/order-status';
import { Decimal } from '../../../kernel/decimal';
import type { SubscriptionFulfilment } from '../../../kernel/delivery-summary';
import type { PurchasedTier } from './subscription';

/**
 * `a − b` on decimal texts, exactly (integers of the smallest unit, never binary floats), written
 * with the larger number of fraction digits of the two: "19.99" − "0.27819" = "19.71181",
 * "20.00" − "5" = "15.00", "0.10" − "0.30" = "-0.20". Null when either is not plain decimal text
 * (so a provider's odd charge never becomes a wrong margin).
 */
export function decimalDifference(a: string, b: string): string | null {
  const x = Decimal.tryParse(a);
  const y = Decimal.tryParse(b);
  return x && y ? x.minus(y).toString() : null;
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
  const costsNothing = fulfilment.state === 'canceled' || (fulfilment.state === 'done' && (status === ORDER_STATUS.Canceled || status === ORDER_STATUS.Refunded));
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

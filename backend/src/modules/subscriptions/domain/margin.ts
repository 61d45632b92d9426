import { ORDER_STATUS } from '../../../kernel/order-status';
import { Decimal, divideRounded } from '../../../kernel/decimal';
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
 * What a Partial order cost upstream: the charge for what was delivered, `charge × (quantity −
 * remains) / quantity`, rounded half away from zero to the charge's digits (at least cents); null when the remains or the quantity cannot say what was delivered.
 * Panels credit the undelivered share back to the shop's balance instead of lowering `charge`
 * (docs/fulfilment.md), so the full charge would understate the margin.
 */
export function deliveredShareOf(charge: string, quantity: number, remains: number | null): string | null {
  const cost = Decimal.tryParse(charge);
  if (!cost || remains === null || !Number.isSafeInteger(quantity) || quantity <= 0 || !Number.isSafeInteger(remains) || remains < 0 || remains > quantity) return null;
  const scale = Math.max(cost.scale, 2);
  const units = divideRounded(cost.atScale(scale).units * BigInt(quantity - remains), BigInt(quantity));
  return Decimal.minor(units, scale).toString();
}

/**
 * What an order left, in the price's currency (docs/refunds.md): price paid − refunded (sent back or
 * on its way) − upstream cost. An order the provider Canceled or Refunded (Status 3 or 4), or one
 * cancelled before it was placed, cost nothing upstream (the panel gives the charge back); a Partial
 * one cost the charge's delivered share (`deliveredShareOf`), marked `estimated` for staff; otherwise
 * the cost is the provider's charge. Null while that charge is unknown, when the provider charges in
 * another currency (no exchange rates here), or when an amount is not plain decimal text.
 */
export function orderMargin(
  pricing: Pick<PurchasedTier, 'price' | 'currency'>,
  fulfilment: (Pick<SubscriptionFulfilment, 'charge' | 'currency' | 'state'> & Partial<Pick<SubscriptionFulfilment, 'quantity' | 'remains'>>) | null,
  status: number,
  refunded: string | null = null,
): { amount: string; currency: string; estimated?: true } | null {
  if (!fulfilment) return null;
  const costsNothing = fulfilment.state === 'canceled' || (fulfilment.state === 'done' && (status === ORDER_STATUS.Canceled || status === ORDER_STATUS.Refunded));
  let cost = '0';
  if (!costsNothing) {
    if (fulfilment.charge === null || fulfilment.currency === null) return null;
    if (fulfilment.currency.trim().toUpperCase() !== pricing.currency.trim().toUpperCase()) return null;
    cost = fulfilment.charge;
  }
  const share =
    !costsNothing && status === ORDER_STATUS.Partial && fulfilment.quantity !== undefined
      ? deliveredShareOf(cost, fulfilment.quantity, fulfilment.remains ?? null)
      : null;
  const kept = refunded === null ? pricing.price : decimalDifference(pricing.price, refunded);
  const amount = kept === null ? null : decimalDifference(kept, share ?? cost);
  if (amount === null) return null;
  return share === null ? { amount, currency: pricing.currency } : { amount, currency: pricing.currency, estimated: true };
}

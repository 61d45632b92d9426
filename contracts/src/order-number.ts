/**
 * The shop's own number of an order, as the customer reads it (the success dialog, the receipt, the
 * order card, mails): `SG-` and the first eight characters of the subscription's id in capitals,
 * e.g. `SG-3F9A2C1B`. Never the gateway's `order_…` id, which is Razorpay's key and means nothing to
 * a customer (docs/product.md#checkout-and-payments). The subscription id itself stays the key.
 */
export function orderNumberOf(subscriptionId: string): string {
  const hex = subscriptionId
    .replace(/[^0-9a-fA-F]/g, '')
    .slice(0, 8)
    .toUpperCase();
  return `SG-${hex || subscriptionId.slice(0, 8).toUpperCase()}`;
}

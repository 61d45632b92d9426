/**
 * Spec fixtures of the remotes (account and admin): a subscription as the API's lists answer it
 * (the Subscription of @growth/contracts). Imported by the specs only, never by a remote's code.
 */

/** YouTube's Growth tier as bought, at `price` (USD). */
export const growthTier = (price: string) => ({ pricingId: 'p1', name: 'Growth', price, description: '', features: [], isPopular: false, currency: 'USD' });

/**
 * A subscription of customer u1: `s<n>`, `order_<n>`, YouTube's Growth tier at 19.99, in process
 * since 2025-03-04; `extra` on top.
 */
export function subscriptionBody(n: number, extra: Record<string, unknown> = {}) {
  return {
    _id: `s${n}`,
    subscriptionId: `s${n}`,
    planName: 'YouTube',
    profileLink: `https://youtube.com/@ann${n}`,
    orderId: `order_${n}`,
    paymentId: `pay_${n}`,
    createdAt: '2025-03-04T15:07:00.000Z',
    Status: 0,
    pricing: growthTier('19.99'),
    user: 'u1',
    ...extra,
  };
}

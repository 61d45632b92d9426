import type { Subscription } from '../../domain/subscription';

/**
 * A subscription as the API shows it (spec §3: _id, subscriptionId, planName, profileLink, orderId,
 * paymentId, createdAt, Status, pricing, user), built from an explicit list of fields.
 */
export function subscriptionBody(s: Subscription) {
  return {
    _id: s.subscriptionId,
    subscriptionId: s.subscriptionId,
    planName: s.planName,
    profileLink: s.profileLink,
    orderId: s.orderId,
    paymentId: s.paymentId,
    createdAt: s.createdAt.toISOString(),
    Status: s.status,
    pricing: {
      pricingId: s.pricing.pricingId,
      name: s.pricing.name,
      price: s.pricing.price,
      description: s.pricing.description,
      features: [...s.pricing.features],
      isPopular: s.pricing.isPopular,
      currency: s.pricing.currency,
    },
    user: s.userId,
  };
}

/**
 * A row of the admin's task list, and what POST /admin/upStatus answers: the subscription and its
 * customer (id, and the name and e-mail at purchase).
 */
export function adminSubscriptionBody(s: Subscription) {
  return { ...subscriptionBody(s), customer: { userId: s.userId, name: s.customerName, email: s.customerEmail } };
}

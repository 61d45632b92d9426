import type { PurchasedTier, Subscription } from '../../domain/subscription';
import type { SubscriptionOrmEntity } from './subscription.orm-entity';

export function toSubscription(row: SubscriptionOrmEntity): Subscription {
  const p = row.pricing as Partial<PurchasedTier>;
  return {
    subscriptionId: row.subscriptionId,
    userId: row.userId,
    planId: row.planId,
    planName: row.planName,
    profileLink: row.profileLink,
    orderId: row.orderId,
    paymentId: row.paymentId,
    status: row.status,
    pricing: {
      pricingId: String(p.pricingId ?? ''),
      name: String(p.name ?? ''),
      price: String(p.price ?? ''),
      description: String(p.description ?? ''),
      features: Array.isArray(p.features) ? p.features.map(String) : [],
      isPopular: Boolean(p.isPopular),
      currency: String(p.currency ?? 'USD'),
    },
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

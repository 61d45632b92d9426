import { randomUUID } from 'node:crypto';
import type { SubscriptionRepository } from '../../src/modules/subscriptions/application/subscription.repository.port';
import type { NewPurchase } from '../../src/modules/subscriptions/domain/subscription';

/** A paid order as billing hands it over (a fresh order id unless one is given), for the subscriptions repository specs. */
export function newPurchase(userId: string, overrides: Partial<NewPurchase> = {}): NewPurchase {
  const orderId = overrides.orderId ?? `order_${randomUUID()}`;
  return {
    userId,
    planId: null,
    planName: 'YouTube',
    profileLink: 'https://youtube.com/@creator',
    orderId,
    paymentId: `pay_${orderId}`,
    pricing: { pricingId: randomUUID(), name: 'Growth', price: '19.99', description: 'More views', features: ['Fast'], isPopular: false, currency: 'USD' },
    customerEmail: 'creator@example.com',
    customerName: 'Creator',
    ...overrides,
  };
}

/** Stores `newPurchase(userId, overrides)` as billing does (Status 0, no fulfilment) and gives its subscription id. */
export async function purchased(subscriptions: SubscriptionRepository, userId: string, overrides?: Partial<NewPurchase>): Promise<string> {
  const { subscription } = await subscriptions.insertOnce(newPurchase(userId, overrides));
  return subscription.subscriptionId;
}

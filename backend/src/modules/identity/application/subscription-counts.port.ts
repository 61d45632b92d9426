import type { SubscriptionTotals } from '../domain/subscription-counts';

/**
 * A customer's subscription counters for the profile page. Implemented by the subscriptions
 * module (identity never reads its tables).
 */
export abstract class SubscriptionCounts {
  abstract countFor(userId: string): Promise<SubscriptionTotals>;
}

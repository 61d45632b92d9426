import type { SubscriptionTotals } from '../domain/subscription-counts';

/**
 * A customer's subscription counters for the profile page and the admin's clients list.
 * Implemented by the subscriptions module (identity never reads its tables).
 */
export abstract class SubscriptionCounts {
  abstract countFor(userId: string): Promise<SubscriptionTotals>;

  /**
   * The counters of each of these customers, in one query (a clients page of 100 is one round
   * trip, not 100). Every id asked for is in the map; one without subscriptions has zeros.
   */
  abstract countsFor(userIds: string[]): Promise<Map<string, SubscriptionTotals>>;
}

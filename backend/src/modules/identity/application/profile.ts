import type { SubscriptionTotals } from '../domain/subscription-counts';
import type { User } from '../domain/user';

/** A customer's profile as the profile page shows it. */
export interface Profile {
  user: User;
  /** The name of the user's country, or null. */
  countryName: string | null;
}

export interface ProfileWithCounts extends Profile {
  subscriptions: SubscriptionTotals;
}

/** How many subscriptions a customer has, by status (profile counters). */
export interface SubscriptionTotals {
  total: number;
  active: number;
  completed: number;
}

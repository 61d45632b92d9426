import type { AdminTaskPage, AdminTaskQuery } from '../domain/admin-task-list';
import type { NewPurchase, Subscription, SubscriptionStatus } from '../domain/subscription';
import type { SubscriptionList } from '../domain/subscription-list';

/** Where subscriptions are kept. */
export abstract class SubscriptionRepository {
  /**
   * Stores the purchase as a new subscription (Status 0) unless one exists for its orderId (a
   * unique index decides, so concurrent calls for one order store exactly one). Returns the
   * subscription of that order and whether this call created it. Joins the caller's UnitOfWork.
   */
  abstract insertOnce(purchase: NewPurchase): Promise<{ subscription: Subscription; created: boolean }>;

  abstract findByOrderId(orderId: string): Promise<Subscription | null>;

  /** The subscription with this id; null for an unknown id (including one that is not an id at all). Joins the caller's UnitOfWork. */
  abstract findById(subscriptionId: string): Promise<Subscription | null>;

  /**
   * One page of a user's Active (Status 0) or Completed (any other Status) list, newest first
   * (createdAt, then subscriptionId, both descending, so equal times keep one order across pages),
   * and how many the whole list holds. `page` starts at 1; a page past the end has no items.
   */
  abstract pageForUser(userId: string, which: SubscriptionList, page: number, limit: number): Promise<{ items: Subscription[]; total: number }>;

  /** Every subscription of a user, newest first (same order as the lists). */
  abstract allForUser(userId: string): Promise<Subscription[]>;

  /**
   * One page of everyone's subscriptions for the admin's task list: filtered by Status, by
   * fulfilment ("needs review": the upstream placing needs staff) and by the search (order id, payment id, plan name, customer e-mail; case-insensitive substring), sorted
   * by createdAt or planName (then createdAt), in the asked direction, subscriptionId breaking ties.
   */
  abstract pageForAdmin(query: AdminTaskQuery): Promise<AdminTaskPage>;

  /**
   * Sets the Status of one subscription, holding its row lock until the caller's UnitOfWork ends.
   * Returns the Status it had and the subscription as it is now; null for an unknown id (including
   * one that is not an id at all).
   */
  abstract changeStatus(subscriptionId: string, status: SubscriptionStatus): Promise<{ before: SubscriptionStatus; subscription: Subscription } | null>;

  /** The subscription id of each of these orders that has one (orders without are left out). */
  abstract subscriptionIdsOfOrders(orderIds: string[]): Promise<Map<string, string>>;
}

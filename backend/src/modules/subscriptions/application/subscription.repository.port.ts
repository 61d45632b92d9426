import type { NewPurchase, Subscription } from '../domain/subscription';

/** Where subscriptions are kept. */
export abstract class SubscriptionRepository {
  /**
   * Stores the purchase as a new subscription (Status 0) unless one exists for its orderId (a
   * unique index decides, so concurrent calls for one order store exactly one). Returns the
   * subscription of that order and whether this call created it. Joins the caller's UnitOfWork.
   */
  abstract insertOnce(purchase: NewPurchase): Promise<{ subscription: Subscription; created: boolean }>;

  abstract findByOrderId(orderId: string): Promise<Subscription | null>;
}

import { Injectable } from '@nestjs/common';
import type { NewPurchase, Subscription } from '../domain/subscription';
import { SubscriptionRepository } from './subscription.repository.port';

/**
 * Subscriptions' facade for billing: turn a paid order into its one subscription. Idempotent per
 * orderId; `created` is true only for the call that stored it (so exactly one confirmation mail).
 */
@Injectable()
export class RecordPurchaseUseCase {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  execute(purchase: NewPurchase): Promise<{ subscription: Subscription; created: boolean }> {
    return this.subscriptions.insertOnce(purchase);
  }

  findByOrderId(orderId: string): Promise<Subscription | null> {
    return this.subscriptions.findByOrderId(orderId);
  }

  /** Which of these orders became a subscription: orderId → subscriptionId, in one query. */
  subscriptionIdsOfOrders(orderIds: string[]): Promise<Map<string, string>> {
    return this.subscriptions.subscriptionIdsOfOrders(orderIds);
  }
}

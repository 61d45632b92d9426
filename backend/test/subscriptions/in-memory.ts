import { randomUUID } from 'node:crypto';
import { SubscriptionRepository } from '../../src/modules/subscriptions/application/subscription.repository.port';
import type { NewPurchase, Subscription } from '../../src/modules/subscriptions/domain/subscription';
import { listOf, type SubscriptionList } from '../../src/modules/subscriptions/domain/subscription-list';

/** Newest first, then subscriptionId descending: the order the real repository promises. */
function newestFirst(a: Subscription, b: Subscription): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.subscriptionId < b.subscriptionId ? 1 : a.subscriptionId > b.subscriptionId ? -1 : 0);
}

/**
 * In-memory SubscriptionRepository for the use-case unit specs, with the real one's rules: one
 * subscription per orderId, Active = Status 0, Completed = any other Status, newest first.
 * Records the page requests it answered so a spec can see the paging reached the repository.
 */
export class InMemorySubscriptions extends SubscriptionRepository {
  readonly rows: Subscription[] = [];
  readonly pageCalls: Array<{ userId: string; which: SubscriptionList; page: number; limit: number }> = [];

  /** Adds a stored subscription directly (status and time as given), for arranging a spec. */
  add(userId: string, overrides: Partial<Subscription> = {}): Subscription {
    const createdAt = overrides.createdAt ?? new Date(Date.UTC(2025, 0, 1) + this.rows.length * 60_000);
    const subscription: Subscription = {
      subscriptionId: randomUUID(),
      userId,
      planId: null,
      planName: 'YouTube',
      profileLink: 'https://youtube.com/@creator',
      orderId: `order_${this.rows.length + 1}`,
      paymentId: `pay_${this.rows.length + 1}`,
      status: 0,
      pricing: { pricingId: 'tier-1', name: 'Growth', price: '19.99', description: 'More views', features: ['Fast'], isPopular: true, currency: 'USD' },
      createdAt,
      updatedAt: createdAt,
      ...overrides,
    };
    this.rows.push(subscription);
    return subscription;
  }

  async insertOnce(purchase: NewPurchase): Promise<{ subscription: Subscription; created: boolean }> {
    const existing = await this.findByOrderId(purchase.orderId);
    if (existing) return { subscription: existing, created: false };
    const now = new Date();
    return { subscription: this.add(purchase.userId, { ...purchase, status: 0, createdAt: now, updatedAt: now }), created: true };
  }

  async findByOrderId(orderId: string): Promise<Subscription | null> {
    return this.rows.find((s) => s.orderId === orderId) ?? null;
  }

  async pageForUser(userId: string, which: SubscriptionList, page: number, limit: number): Promise<{ items: Subscription[]; total: number }> {
    this.pageCalls.push({ userId, which, page, limit });
    const list = this.rows.filter((s) => s.userId === userId && listOf(s.status) === which).sort(newestFirst);
    const start = (page - 1) * limit;
    return { items: list.slice(start, start + limit), total: list.length };
  }

  async allForUser(userId: string): Promise<Subscription[]> {
    return this.rows.filter((s) => s.userId === userId).sort(newestFirst);
  }
}

import { randomUUID } from 'node:crypto';
import { SubscriptionRepository } from '../../src/modules/subscriptions/application/subscription.repository.port';
import type { AdminTaskKey, AdminTaskPage, AdminTaskQuery } from '../../src/modules/subscriptions/domain/admin-task-list';
import type { NewPurchase, Subscription, SubscriptionStatus } from '../../src/modules/subscriptions/domain/subscription';
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
      customerEmail: `customer-${userId.slice(0, 8)}@example.com`,
      customerName: 'Test Customer',
      sandbox: false,
      fulfilment: null,
      refund: null,
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

  async findById(subscriptionId: string): Promise<Subscription | null> {
    return this.rows.find((s) => s.subscriptionId === subscriptionId) ?? null;
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

  /** The admin's page with the real one's rules (exact totals: the in-memory list is small). */
  async pageForAdmin(query: AdminTaskQuery): Promise<AdminTaskPage> {
    const needle = query.q?.toLowerCase();
    const matches = this.rows.filter(
      (s) =>
        (query.status === undefined || s.status === query.status) &&
        (query.fulfilment === undefined || s.fulfilment?.state === query.fulfilment) &&
        (needle === undefined || [s.orderId, s.paymentId, s.planName, s.customerEmail].some((field) => field.toLowerCase().includes(needle))),
    );
    const sign = query.sortOrder === 'asc' ? 1 : -1;
    const byKey = (a: Subscription, b: Subscription) =>
      (query.sortBy === 'planName' ? (a.planName < b.planName ? -1 : a.planName > b.planName ? 1 : 0) : 0) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      (a.subscriptionId < b.subscriptionId ? -1 : a.subscriptionId > b.subscriptionId ? 1 : 0);
    const sorted = [...matches].sort((a, b) => sign * byKey(a, b));
    const keyOf = (s: Subscription): AdminTaskKey => ({
      planName: s.planName,
      createdAtMicros: String(s.createdAt.getTime() * 1000),
      subscriptionId: s.subscriptionId,
    });
    let start = (query.page - 1) * query.limit;
    if (query.keyset) {
      // Previous/Next by keyset: the cursor's row's place in the order (ms times: this list's rows have no microseconds).
      const { key, direction } = query.keyset;
      const at = sorted.findIndex((s) => {
        const k = keyOf(s);
        const order =
          (query.sortBy === 'planName' ? (s.planName < (key.planName ?? '') ? -1 : s.planName > (key.planName ?? '') ? 1 : 0) : 0) ||
          Number(BigInt(k.createdAtMicros) - BigInt(key.createdAtMicros)) ||
          (k.subscriptionId < key.subscriptionId ? -1 : k.subscriptionId > key.subscriptionId ? 1 : 0);
        return sign * order >= 0;
      });
      const cursorAt = at === -1 ? sorted.length : at;
      const isCursor = at !== -1 && sorted[at].subscriptionId === key.subscriptionId;
      start = direction === 'after' ? cursorAt + (isCursor ? 1 : 0) : Math.max(0, cursorAt - query.limit);
    }
    const items = sorted.slice(start, start + query.limit);
    const hasNext = sorted.length > start + query.limit;
    return {
      items,
      total: sorted.length,
      totalIsExact: true,
      hasNext,
      next: hasNext && items.length ? keyOf(items[items.length - 1]) : null,
      prev: query.page > 1 && items.length ? keyOf(items[0]) : null,
    };
  }

  async changeStatus(subscriptionId: string, status: SubscriptionStatus): Promise<{ before: SubscriptionStatus; subscription: Subscription } | null> {
    const row = this.rows.find((s) => s.subscriptionId === subscriptionId);
    if (!row) return null;
    const before = row.status;
    if (before !== status) Object.assign(row, { status, updatedAt: new Date() });
    return { before, subscription: { ...row } };
  }

  async subscriptionIdsOfOrders(orderIds: string[]): Promise<Map<string, string>> {
    return new Map(this.rows.filter((s) => orderIds.includes(s.orderId)).map((s) => [s.orderId, s.subscriptionId]));
  }
}

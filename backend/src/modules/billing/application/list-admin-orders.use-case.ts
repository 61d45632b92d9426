import { Injectable } from '@nestjs/common';
import { ensureRole } from '../../../platform/auth/auth.errors';
import type { Principal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/time/clock';
import { RecordPurchaseUseCase } from '../../subscriptions/application/record-purchase.use-case';
import { type AdminOrderKind, type PaymentOrder, UNPAID_STALE_AFTER_MS } from '../domain/payment-order';
import { PaymentOrderRepository } from './payment-order.repository.port';

export interface AdminOrderPage {
  items: PaymentOrder[];
  total: number;
  totalIsExact: boolean;
  hasNext: boolean;
}

/**
 * POST /admin/orders: the orders staff should look at (docs/product.md#admin), newest first:
 * - 'paid-without-subscription': paid, but not turned into a subscription. Billing notes on each
 *   order the subscription it became, in the transaction that records it, so these are one index
 *   range; the page's orders are then asked of subscriptions in one batch, which has the last word:
 *   an order whose subscription does exist (written outside billing) gets its note now and is left
 *   out (that page is one row shorter, once).
 * - 'unpaid-stale': not paid (created or failed) and made more than an hour ago.
 */
@Injectable()
export class ListAdminOrdersUseCase {
  constructor(
    private readonly orders: PaymentOrderRepository,
    private readonly purchases: RecordPurchaseUseCase,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Principal, query: { kind: AdminOrderKind; page: number; limit: number }): Promise<AdminOrderPage> {
    ensureRole(caller, 'admin');
    const staleBefore = new Date(this.clock.now().getTime() - UNPAID_STALE_AFTER_MS);
    const page = await this.orders.pageForAdmin(query.kind, staleBefore, query.page, query.limit);
    if (query.kind !== 'paid-without-subscription' || page.items.length === 0) return page;
    const subscribed = await this.purchases.subscriptionIdsOfOrders(page.items.map((order) => order.orderId));
    if (subscribed.size === 0) return page;
    for (const [orderId, subscriptionId] of subscribed) await this.orders.linkSubscription(orderId, subscriptionId);
    return { ...page, items: page.items.filter((order) => !subscribed.has(order.orderId)), total: Math.max(0, page.total - subscribed.size) };
  }
}

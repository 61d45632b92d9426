import type { FulfilmentState, SubscriptionFulfilment } from '../../../../kernel/delivery-summary';
import { readRefillHistory } from '../../../../kernel/refill-history';
import { dateOf } from '../../../../platform/database/date-of';
import { readRefundSummary } from '../../domain/refund-summary';
import type { PurchasedTier, Subscription } from '../../domain/subscription';
import type { SubscriptionOrmEntity } from './subscription.orm-entity';
import type { DeliveryRow } from './delivery-summary.query';
import { orderStatusOf } from '../../../../kernel/order-status';

/** A subscription row with its fulfilment row (null on the manual path: no delivery summary, no refill guarantee). */
export function toSubscription(row: SubscriptionOrmEntity, delivery: DeliveryRow | null = null): Subscription {
  const p = row.pricing as Partial<PurchasedTier>;
  return {
    subscriptionId: row.subscriptionId,
    userId: row.userId,
    planId: row.planId,
    planName: row.planName,
    profileLink: row.profileLink,
    orderId: row.orderId,
    paymentId: row.paymentId,
    status: orderStatusOf(row.status),
    pricing: {
      pricingId: String(p.pricingId ?? ''),
      name: String(p.name ?? ''),
      price: String(p.price ?? ''),
      description: String(p.description ?? ''),
      features: Array.isArray(p.features) ? p.features.map(String) : [],
      isPopular: Boolean(p.isPopular),
      currency: String(p.currency ?? 'USD'),
    },
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    sandbox: row.sandbox === true,
    fulfilment: toFulfilment(delivery, row.createdAt),
    refund: readRefundSummary(row.refundSummary),
    refills: { days: Number(delivery?.refill_days ?? 0) || 0, completedAt: dateOf(row.completedAt), history: readRefillHistory(delivery?.refill_summary ?? null) },
    createdAt: row.createdAt,
    updatedAt: laterOf(row.updatedAt, dateOf(delivery?.updated_at)),
  };
}

/** The fulfilment row's columns, or null on the manual path (no row). */
function toFulfilment(row: DeliveryRow | null, createdAt: Date): SubscriptionFulfilment | null {
  if (row === null) return null;
  return {
    state: row.fulfilment_state as FulfilmentState, // the column's CHECK holds it to the six states
    serviceId: row.upstream_service_id,
    serviceName: row.upstream_service_name ?? null,
    quantity: Number(row.upstream_quantity),
    upstreamOrderId: row.upstream_order_id,
    upstreamStatus: row.upstream_status,
    charge: row.upstream_charge,
    currency: row.upstream_currency,
    startCount: countOf(row.upstream_start_count),
    remains: countOf(row.upstream_remains),
    note: row.fulfilment_note,
    queuedAt: dateOf(row.fulfilment_queued_at) ?? createdAt,
    placingAt: dateOf(row.fulfilment_placing_at),
    placedAt: dateOf(row.fulfilment_placed_at),
    checkedAt: dateOf(row.fulfilment_checked_at),
  };
}

/** When the order or its delivery last changed: the later of the two rows' times. */
function laterOf(order: Date, delivery: Date | null): Date {
  return delivery !== null && delivery.getTime() > order.getTime() ? delivery : order;
}

/**
 * A bigint column as a number. node-postgres hands bigint back as text (it may exceed 2^53);
 * PGlite as a number, or a BigInt beyond the safe range. The ledger only stores safe integers, so
 * the number is exact; text that is not a whole number (never stored) reads as unknown.
 */
export function countOf(value: string | number | bigint | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  return /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

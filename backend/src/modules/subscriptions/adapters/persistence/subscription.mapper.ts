import type { FulfilmentState, SubscriptionFulfilment } from '../../../../kernel/delivery-summary';
import { readRefillHistory } from '../../../fulfilment/domain/refill';
import { dateOf } from '../../../../platform/database/date-of';
import { readRefundSummary } from '../../domain/refund-summary';
import type { PurchasedTier, Subscription } from '../../domain/subscription';
import type { SubscriptionOrmEntity } from './subscription.orm-entity';
import { orderStatusOf } from '../../../../kernel/order-status';

export function toSubscription(row: SubscriptionOrmEntity): Subscription {
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
    fulfilment: toFulfilment(row),
    refund: readRefundSummary(row.refundSummary),
    refills: { days: Number(row.refillDays ?? 0) || 0, completedAt: dateOf(row.completedAt), history: readRefillHistory(row.refillSummary) },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The fulfilment columns, or null on the manual path (no state). */
function toFulfilment(row: SubscriptionOrmEntity): SubscriptionFulfilment | null {
  if (row.fulfilmentState === null || row.fulfilmentState === undefined) return null;
  return {
    state: row.fulfilmentState as FulfilmentState, // the column's CHECK holds it to the six states
    // The migration's CHECK: a row with a state has its service, quantity and queuing time.
    serviceId: row.upstreamServiceId ?? '',
    serviceName: row.upstreamServiceName ?? null,
    quantity: row.upstreamQuantity ?? 0,
    upstreamOrderId: row.upstreamOrderId,
    upstreamStatus: row.upstreamStatus,
    charge: row.upstreamCharge,
    currency: row.upstreamCurrency,
    startCount: countOf(row.upstreamStartCount),
    remains: countOf(row.upstreamRemains),
    note: row.fulfilmentNote,
    queuedAt: dateOf(row.fulfilmentQueuedAt) ?? row.createdAt,
    placingAt: dateOf(row.fulfilmentPlacingAt),
    placedAt: dateOf(row.fulfilmentPlacedAt),
    checkedAt: dateOf(row.fulfilmentCheckedAt),
  };
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

import type { EntityManager } from 'typeorm';
import type { Subscription } from '../../domain/subscription';
import { toSubscription } from './subscription.mapper';
import type { SubscriptionOrmEntity } from './subscription.orm-entity';

/**
 * A row of the fulfilment module's `fulfilments` table (migration 1765300000000-fulfilments) as the
 * subscription mapper reads it: the delivery summary every subscription body carries
 * (docs/fulfilment.md#the-fulfilment-record). Read-only here, by the subscription's id; the
 * fulfilment module's ledgers are the only writers.
 */
export interface DeliveryRow {
  subscription_id: string;
  fulfilment_state: string;
  upstream_service_id: string;
  upstream_service_name: string | null;
  upstream_quantity: number;
  upstream_order_id: string | null;
  upstream_status: string | null;
  upstream_charge: string | null;
  upstream_currency: string | null;
  /** bigint: text on node-postgres, a number (or a BigInt) on PGlite; see countOf. */
  upstream_start_count: string | number | bigint | null;
  upstream_remains: string | number | bigint | null;
  fulfilment_note: string | null;
  fulfilment_queued_at: Date | string;
  fulfilment_placing_at: Date | string | null;
  fulfilment_placed_at: Date | string | null;
  fulfilment_checked_at: Date | string | null;
  refill_days: number;
  refill_summary: unknown;
  updated_at: Date | string;
}

const COLUMNS = `subscription_id, fulfilment_state, upstream_service_id, upstream_service_name, upstream_quantity, upstream_order_id, upstream_status,
  upstream_charge, upstream_currency, upstream_start_count, upstream_remains, fulfilment_note, fulfilment_queued_at, fulfilment_placing_at,
  fulfilment_placed_at, fulfilment_checked_at, refill_days, refill_summary, updated_at`;

/** The fulfilment rows of these subscriptions (primary key), by subscription id; a subscription on the manual path has none. */
export async function deliveriesOf(manager: EntityManager, subscriptionIds: string[]): Promise<Map<string, DeliveryRow>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = (await manager.query(`SELECT ${COLUMNS} FROM fulfilments WHERE subscription_id = ANY($1::uuid[])`, [subscriptionIds])) as DeliveryRow[];
  return new Map(rows.map((row) => [row.subscription_id, row]));
}

/** Subscriptions from their rows, each with its delivery summary (one statement for the lot). */
export async function withDeliveries(manager: EntityManager, rows: SubscriptionOrmEntity[]): Promise<Subscription[]> {
  const deliveries = await deliveriesOf(
    manager,
    rows.map((row) => row.subscriptionId),
  );
  return rows.map((row) => toSubscription(row, deliveries.get(row.subscriptionId) ?? null));
}

/** One subscription with its delivery summary; null for no row. */
export async function withDelivery(manager: EntityManager, row: SubscriptionOrmEntity | null): Promise<Subscription | null> {
  if (!row) return null;
  const [subscription] = await withDeliveries(manager, [row]);
  return subscription;
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type CustomerExportRow, type ExportCursor, ExportSource, type OrderExportRow } from '../../application/export-source.port';
import type { CustomerExportFilter, OrderExportFilter } from '../../domain/export-filter';

/** Epoch milliseconds as the query computes them (float8), or null. */
const ms = (value: string | number | null): number | null => (value === null ? null : Number(value));
const big = (value: string | number | bigint | null): bigint => BigInt(value ?? 0);
/** A timestamptz as epoch milliseconds, exact to the millisecond (the CSV shows seconds). */
const MS = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * The exports' read of billing's, subscriptions', fulfilment's and identity's tables (docs/reports.md, "Why the
 * exports read other modules' tables"): SELECT only, in read-only transactions of one keyset batch
 * each (a batch never holds PGlite's one session for long, and a million rows are a thousand short
 * reads). Each filter is added only when given, so the period and
 * the keyset stay index conditions on (created_at, id).
 */
@Injectable()
export class SqlExportSource extends ExportSource {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * One batch, in a read-only transaction of its own (the database refuses any write in it). The
   * keyset is walked in index order so LIMIT stops after the batch: without current statistics (a
   * table that just grew, or PGlite, which has no autovacuum to analyze it) the planner may prefer
   * to bitmap-scan the whole rest of the period and sort it, once per batch, and a million-row
   * export would read the table a thousand times. Bitmap and sequential scans are off for the batch.
   */
  private batch(sql: string, params: unknown[]): Promise<Array<Record<string, never>>> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SET TRANSACTION READ ONLY');
      await manager.query('SET LOCAL enable_bitmapscan = off');
      await manager.query('SET LOCAL enable_seqscan = off');
      return (await manager.query(sql, params)) as Array<Record<string, never>>;
    });
  }

  async orders(filter: OrderExportFilter, after: ExportCursor | null, limit: number): Promise<OrderExportRow[]> {
    const params: unknown[] = [filter.start.toISOString(), filter.end.toISOString()];
    const where = ['o.created_at >= $1', 'o.created_at < $2'];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (filter.status) where.push(`o.status = ${param(filter.status)}`);
    if (filter.platform) where.push(`o.plan_slug = ${param(filter.platform)}`);
    if (filter.q) {
      const q = param(filter.q);
      where.push(`(o.order_id ILIKE ${q} OR o.payment_id ILIKE ${q} OR o.email ILIKE ${q} OR o.customer_name ILIKE ${q})`);
    }
    if (after) where.push(`(o.created_at, o.order_id) > (${param(after.at)}::timestamptz, ${param(after.id)})`);
    const rows = await this.batch(
      `SELECT o.order_id, ${MS('o.created_at')} AS created_at, o.created_at::text AS cursor_at, ${MS('o.paid_at')} AS paid_at, o.status, o.void_reason, o.failure_reason, o.customer_name,
              o.email, o.user_id, o.plan_slug, o.plan_name, o.tier->>'name' AS tier_name, o.currency, o.amount::text AS amount,
              o.payment_id, o.subscription_id, rf.processed::text AS processed, rf.pending::text AS pending, rf.failed::text AS failed,
              rf.n::int AS refund_count, ${MS('rf.last_at')} AS last_at, rq.state AS request_state,
              s.status AS subscription_status, f.fulfilment_state, f.upstream_order_id, f.upstream_status, f.upstream_charge, f.upstream_currency
       FROM payment_orders o
       LEFT JOIN subscriptions s ON s.order_id = o.order_id
       LEFT JOIN fulfilments f ON f.subscription_id = s.subscription_id
       LEFT JOIN LATERAL (
         SELECT coalesce(sum(r.amount) FILTER (WHERE r.state = 'processed'), 0) AS processed,
                coalesce(sum(r.amount) FILTER (WHERE r.state = 'pending'), 0) AS pending,
                coalesce(sum(r.amount) FILTER (WHERE r.state = 'failed'), 0) AS failed,
                count(*) AS n, max(r.settled_at) FILTER (WHERE r.state = 'processed') AS last_at
         FROM refunds r WHERE r.order_id = o.order_id
       ) rf ON true
       LEFT JOIN LATERAL (
         SELECT q.state FROM refund_requests q WHERE q.order_id = o.order_id ORDER BY q.created_at DESC LIMIT 1
       ) rq ON true
       WHERE ${where.join(' AND ')}
       ORDER BY o.created_at, o.order_id
       LIMIT ${param(limit)}`,
      params,
    );
    return rows.map((r): OrderExportRow => ({
      cursor: { at: r.cursor_at, id: r.order_id },
      orderId: r.order_id,
      createdAt: Number(r.created_at),
      paidAt: ms(r.paid_at),
      status: r.status,
      voidReason: r.void_reason,
      failureReason: r.failure_reason,
      customerName: r.customer_name,
      email: r.email,
      userId: r.user_id,
      platform: r.plan_slug,
      planName: r.plan_name,
      tierName: r.tier_name,
      currency: r.currency,
      amount: big(r.amount),
      refunded: big(r.processed),
      refundPending: big(r.pending),
      refundFailed: big(r.failed),
      refundCount: Number(r.refund_count),
      lastRefundAt: ms(r.last_at),
      refundRequest: r.request_state,
      paymentId: r.payment_id,
      subscriptionId: r.subscription_id,
      subscriptionStatus: r.subscription_status === null ? null : Number(r.subscription_status),
      fulfilmentState: r.fulfilment_state,
      upstreamOrderId: r.upstream_order_id,
      upstreamStatus: r.upstream_status,
      upstreamCharge: r.upstream_charge,
      upstreamCurrency: r.upstream_currency,
    }));
  }

  async customers(filter: CustomerExportFilter, after: ExportCursor | null, limit: number): Promise<CustomerExportRow[]> {
    const params: unknown[] = [filter.start.toISOString(), filter.end.toISOString()];
    const where = ['u.created_at >= $1', 'u.created_at < $2'];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (filter.q) {
      const q = param(filter.q);
      where.push(`(u.name ILIKE ${q} OR u.email ILIKE ${q} OR u.phone ILIKE ${q})`);
    }
    if (filter.platform) {
      where.push(`EXISTS (SELECT 1 FROM payment_orders p WHERE p.user_id = u.user_id AND p.status = 'paid' AND p.plan_slug = ${param(filter.platform)})`);
    }
    if (after) where.push(`(u.created_at, u.user_id) > (${param(after.at)}::timestamptz, ${param(after.id)}::uuid)`);
    // One pass over the customer's orders (by payment_orders_user_idx), grouped by currency.
    const rows = await this.batch(
      `SELECT u.user_id, u.name, u.email, u.phone, c.name AS country, ${MS('u.created_at')} AS created_at, u.created_at::text AS cursor_at,
              ${MS('u.email_verified_at')} AS email_verified_at, coalesce(a.orders, 0)::int AS orders, coalesce(a.paid_orders, 0)::int AS paid_orders,
              ${MS('a.first_paid_at')} AS first_paid_at, ${MS('a.last_paid_at')} AS last_paid_at, a.money
       FROM users u
       LEFT JOIN countries c ON c.country_id = u.country_id
       LEFT JOIN LATERAL (
         SELECT sum(m.orders) AS orders, sum(m.paid_orders) AS paid_orders, min(m.first_paid_at) AS first_paid_at, max(m.last_paid_at) AS last_paid_at,
                json_agg(json_build_object('currency', m.currency, 'paid', m.paid::text, 'refunded', m.refunded::text) ORDER BY m.currency)
                  FILTER (WHERE m.paid_orders > 0) AS money
         FROM (
           SELECT o.currency, count(*) AS orders, count(*) FILTER (WHERE o.status = 'paid') AS paid_orders,
                  coalesce(sum(o.amount) FILTER (WHERE o.status = 'paid'), 0) AS paid, coalesce(sum(o.refunded_amount) FILTER (WHERE o.status = 'paid'), 0) AS refunded,
                  min(o.paid_at) AS first_paid_at, max(o.paid_at) AS last_paid_at
           FROM payment_orders o WHERE o.user_id = u.user_id GROUP BY o.currency
         ) m
       ) a ON true
       WHERE ${where.join(' AND ')}
       ORDER BY u.created_at, u.user_id
       LIMIT ${param(limit)}`,
      params,
    );
    return rows.map((r): CustomerExportRow => ({
      cursor: { at: r.cursor_at, id: r.user_id },
      userId: r.user_id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      country: r.country,
      createdAt: Number(r.created_at),
      emailVerifiedAt: ms(r.email_verified_at),
      orders: Number(r.orders),
      paidOrders: Number(r.paid_orders),
      firstPaidAt: ms(r.first_paid_at),
      lastPaidAt: ms(r.last_paid_at),
      money: (((typeof r.money === 'string' ? JSON.parse(r.money) : r.money) as Array<{ currency: string; paid: string; refunded: string }> | null) ?? []).map((m) => ({
        currency: m.currency,
        paid: BigInt(m.paid),
        refunded: BigInt(m.refunded),
      })),
    }));
  }
}

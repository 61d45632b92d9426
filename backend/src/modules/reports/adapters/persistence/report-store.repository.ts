import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { type AttentionCounts, ReportStore } from '../../application/report-store.port';
import { Decimal } from '../../../../kernel/decimal';
import type { BucketRow, Dim } from '../../domain/overview';
import type { Span } from '../../domain/utc-cover';

interface SalesRow {
  span: Span;
  bucket: Date | string;
  dim: Dim;
  value: string;
  currency: string;
  orders: string;
  revenue: string;
  refunds: string;
  refund_count: string;
  upstream_cost: string;
  upstream_orders: string;
}

/**
 * The rollup tables of migration 1764800000000-reports, read (and folded) with SQL. Reads nothing
 * else: the Overview is the rollups (docs/reports.md).
 */
@Injectable()
export class TypeOrmReportStore extends ReportStore {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  async fold(olderThan: Date): Promise<number> {
    const [row] = (await this.uow.manager().query('SELECT report_fold($1) AS moved', [olderThan.toISOString()])) as Array<{ moved: string | number }>;
    return Number(row.moved);
  }

  async bucketRows(reads: Array<{ span: Span; start: number; dim: Dim }>): Promise<BucketRow[]> {
    if (reads.length === 0) return [];
    // One index probe per (span, dim, bucket): the primary key leads with them.
    const rows = (await this.uow.manager().query(
      `SELECT r.span, r.bucket, r.dim, r.value, r.currency,
              sum(r.orders)::text AS orders, sum(r.revenue)::text AS revenue, sum(r.refunds)::text AS refunds,
              sum(r.refund_count)::text AS refund_count, sum(r.upstream_cost)::text AS upstream_cost, sum(r.upstream_orders)::text AS upstream_orders
       FROM unnest($1::text[], $2::timestamptz[], $3::text[]) AS p (span, bucket, dim)
       JOIN report_sales r ON r.span = p.span AND r.dim = p.dim AND r.bucket = p.bucket
       GROUP BY r.span, r.bucket, r.dim, r.value, r.currency`,
      [reads.map((r) => r.span), reads.map((r) => new Date(r.start).toISOString()), reads.map((r) => r.dim)],
    )) as SalesRow[];
    return rows.map((r) => ({
      span: r.span,
      start: new Date(r.bucket).getTime(),
      dim: r.dim,
      value: r.value,
      currency: r.currency,
      measures: {
        orders: BigInt(r.orders),
        revenue: BigInt(r.revenue),
        refunds: BigInt(r.refunds),
        refundCount: BigInt(r.refund_count),
        upstreamCost: Decimal.parse(r.upstream_cost),
        upstreamOrders: BigInt(r.upstream_orders),
      },
    }));
  }

  async attentionCounts(since: Date): Promise<AttentionCounts> {
    const rows = (await this.uow.manager().query(
      `SELECT CASE WHEN kind = 'in_process' THEN 'in_process_since' ELSE kind END AS kind, sum(n)::text AS n
       FROM report_attention
       WHERE kind IN ('needs_review', 'refund_requests_open', 'in_process_all') OR (kind = 'in_process' AND bucket >= $1)
       GROUP BY 1`,
      [since.toISOString()],
    )) as Array<{ kind: string; n: string }>;
    const count = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
    return {
      needsReview: count('needs_review'),
      refundRequestsOpen: count('refund_requests_open'),
      inProcess: count('in_process_all'),
      inProcessSince: count('in_process_since'),
    };
  }
}

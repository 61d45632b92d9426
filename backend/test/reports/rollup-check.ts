/**
 * The reporting rollups (migration 1764800000000-reports) against the source tables: what the
 * triggers kept, summed over shards, and the same figures counted afresh by GROUP BY over
 * payment_orders, refunds and subscriptions, written here independently of the triggers' SQL
 * (docs/reports.md says what each figure is). Every span and dimension; rows are compared as text,
 * so a difference of one minor unit or one order shows.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What runs SQL: a TypeORM DataSource or EntityManager, or pg's Client wrapped to answer rows. */
export interface Sql {
  query(sql: string, params?: unknown[]): Promise<unknown[]>;
}

const MEASURES = ['orders', 'revenue', 'refunds', 'refund_count', 'upstream_cost', 'upstream_orders'] as const;

function normalised(rows: unknown[]): string[] {
  return (rows as Array<Record<string, unknown>>)
    .map((r) => {
      const bucket = new Date(r.bucket as string).toISOString();
      const measures = MEASURES.map(
        (m) =>
          `${m}=${String(r[m])
            .replace(/(\.\d*?)0+$/, '$1')
            .replace(/\.$/, '')}`,
      ).join(' ');
      return `${r.span} ${r.dim} ${bucket} ${r.value} ${r.currency}: ${measures}`;
    })
    .sort();
}

export async function keptSales(db: Sql): Promise<string[]> {
  return normalised(
    await db.query(`
      SELECT span, dim, bucket, value, currency, ${MEASURES.map((m) => `sum(${m})::text AS ${m}`).join(', ')}
      FROM report_sales GROUP BY span, dim, bucket, value, currency
      HAVING ${MEASURES.map((m) => `sum(${m}) <> 0`).join(' OR ')}`),
  );
}

/** Each fact once, with the instant it belongs to (rollup-facts.sql; the admin bench reads it too). */
const FACTS = readFileSync(join(__dirname, 'rollup-facts.sql'), 'utf8');

const BUCKETS: Record<string, string> = {
  q: `to_timestamp(floor(extract(epoch FROM f.at) / 900) * 900)`,
  h: `date_trunc('hour', f.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
  d: `date_trunc('day', f.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
  m: `date_trunc('month', f.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
};

export async function countedSales(db: Sql): Promise<string[]> {
  const parts: string[] = [];
  for (const [span, bucket] of Object.entries(BUCKETS)) {
    for (const [dim, value, where] of [
      ['all', `''`, 'f.cost_currency IS NULL'],
      ['platform', 'f.platform', 'f.cost_currency IS NULL'],
      ['tier', 'f.tier', 'f.cost_currency IS NULL'],
      ['cost', 'f.cost_currency', 'f.cost_currency IS NOT NULL'],
    ]) {
      parts.push(`
        SELECT '${span}' AS span, '${dim}' AS dim, ${bucket} AS bucket, ${value} AS value, f.currency,
               ${MEASURES.map((m) => `sum(f.${m})::text AS ${m}`).join(', ')}
        FROM facts f WHERE ${where}
        GROUP BY 3, 4, 5
        HAVING ${MEASURES.map((m) => `sum(f.${m}) <> 0`).join(' OR ')}`);
    }
  }
  return normalised(await db.query(`WITH facts AS (${FACTS}) ${parts.join(' UNION ALL ')}`));
}

/** The attention counts as kept, and counted afresh: { needs_review, refund_requests_open, in_process_all, in_process per quarter }. */
export async function keptAttention(db: Sql): Promise<string[]> {
  const rows = (await db.query(`SELECT kind, bucket, sum(n)::text AS n FROM report_attention GROUP BY kind, bucket HAVING sum(n) <> 0`)) as Array<{
    kind: string;
    bucket: string;
    n: string;
  }>;
  return rows.map((r) => `${r.kind} ${r.kind === 'in_process' ? new Date(r.bucket).toISOString() : '-'}: ${r.n}`).sort();
}

export async function countedAttention(db: Sql): Promise<string[]> {
  const rows = (await db.query(`
    SELECT 'needs_review' AS kind, NULL::timestamptz AS bucket, count(*)::text AS n FROM fulfilments WHERE fulfilment_state = 'needs_review' HAVING count(*) > 0
    UNION ALL SELECT 'refund_requests_open', NULL, count(*)::text FROM refund_requests WHERE state = 'open' HAVING count(*) > 0
    UNION ALL SELECT 'in_process_all', NULL, count(*)::text FROM subscriptions WHERE status = 0 HAVING count(*) > 0
    UNION ALL SELECT 'in_process', to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900), count(*)::text FROM subscriptions WHERE status = 0 GROUP BY 2`)) as Array<{
    kind: string;
    bucket: string | null;
    n: string;
  }>;
  return rows.map((r) => `${r.kind} ${r.bucket ? new Date(r.bucket).toISOString() : '-'}: ${r.n}`).sort();
}

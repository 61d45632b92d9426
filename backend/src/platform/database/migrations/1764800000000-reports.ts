import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's figures (docs/reports.md): a reporting read model kept by database triggers, so the
 * Overview reads a few hundred rows whatever the number of orders.
 *
 * - report_sales: per time bucket, currency and dimension, the sums the Overview shows: paid orders
 *   and their amounts (payment_orders, by paid_at), processed refunds (refunds, by settled_at) and
 *   the upstream cost (subscriptions, by created_at, the payment's transaction: the provider's charge
 *   in the price's currency, nothing for an order the provider Canceled or Refunded or one cancelled
 *   before it was placed, the margin rule of docs/refunds.md). Buckets are UTC-aligned: quarter
 *   hours ('q'), hours ('h'), days ('d') and months ('m'), each event counted once in each span, so
 *   any interval whose ends are on a quarter hour (every zone's day since 1980) is a signed sum of a
 *   few buckets (docs/reports.md, "Time zones"). Dimensions: 'all' (value ''), 'platform' (the plan's
 *   slug), 'tier' (the tier's name as bought) and 'cost' (value: the currency of an upstream charge
 *   made in another currency than the price; reported apart, never converted).
 * - report_attention: counts of what needs a person: subscriptions whose fulfilment needs review,
 *   open refund requests, and subscriptions In Process (all of them, and per quarter hour of their
 *   creation, so "older than 48 hours" is the total minus the last 48 hours' quarters).
 *
 * Statement triggers with transition tables (like subscription_status_totals, AdminLists1764300000000)
 * turn each statement on payment_orders, refunds, subscriptions and refund_requests into deltas:
 * what the new rows contribute minus what the old rows contributed, grouped, zero groups left out.
 * The deltas land in the statement's transaction, so the rollups are exact under any concurrency
 * and across restarts. A bucket that may still be written to (ending less than an hour ago) takes
 * the delta in one of 15 random shards, so concurrent payments seldom wait for each other's row;
 * older buckets take shard 0. report_fold() (run by the Overview before it reads) moves old shards
 * into shard 0, so a bucket is one row once it is quiet. report_rebuild() recomputes everything
 * from the source tables (the backfill below, and after a TRUNCATE of a source table).
 *
 * payment_orders_created_idx serves the orders export (period on created_at, keyset order).
 */
export class Reports1764800000000 implements MigrationInterface {
  name = 'Reports1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE report_sales (
        span            text NOT NULL CHECK (span IN ('q', 'h', 'd', 'm')),
        dim             text NOT NULL CHECK (dim IN ('all', 'platform', 'tier', 'cost')),
        bucket          timestamptz NOT NULL,
        value           text NOT NULL,
        currency        text NOT NULL,
        shard           smallint NOT NULL CHECK (shard BETWEEN 0 AND 15),
        bucket_end      timestamptz NOT NULL,
        orders          bigint NOT NULL DEFAULT 0,
        revenue         bigint NOT NULL DEFAULT 0,
        refunds         bigint NOT NULL DEFAULT 0,
        refund_count    bigint NOT NULL DEFAULT 0,
        upstream_cost   numeric NOT NULL DEFAULT 0,
        upstream_orders bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (span, dim, bucket, value, currency, shard)
      )`);
    await queryRunner.query(`CREATE INDEX report_sales_unfolded_idx ON report_sales (bucket_end) WHERE shard <> 0`);
    await queryRunner.query(`
      CREATE TABLE report_attention (
        kind       text NOT NULL CHECK (kind IN ('needs_review', 'refund_requests_open', 'in_process', 'in_process_all')),
        bucket     timestamptz NOT NULL,
        shard      smallint NOT NULL CHECK (shard BETWEEN 0 AND 15),
        bucket_end timestamptz NOT NULL,
        n          bigint NOT NULL,
        PRIMARY KEY (kind, bucket, shard)
      )`);
    await queryRunner.query(`CREATE INDEX report_attention_unfolded_idx ON report_attention (bucket_end) WHERE shard <> 0`);

    // A provider's charge is stored as its raw text; only plain decimal text counts (the rule of
    // subscriptions' margin.ts), anything else is an unknown cost and never breaks the write.
    await queryRunner.query(`
      CREATE FUNCTION report_decimal(t text) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN t IS NOT NULL AND length(t) <= 64 AND t ~ '^\\s*[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)\\s*$' THEN btrim(t)::numeric END
      $$`);

    for (const source of SOURCES) {
      for (const event of ['insert', 'update', 'delete'] as const) {
        const body =
          event === 'insert'
            ? source.apply([['new_rows', 1]])
            : event === 'delete'
              ? source.apply([['old_rows', -1]])
              : source.apply([
                  ['new_rows', 1],
                  ['old_rows', -1],
                ]);
        await queryRunner.query(`
          CREATE FUNCTION report_${source.table}_${event}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            ${body}
            RETURN NULL;
          END $$`);
        const referencing = event === 'insert' ? 'NEW TABLE AS new_rows' : event === 'delete' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
        await queryRunner.query(
          `CREATE TRIGGER report_${source.table}_${event} AFTER ${event.toUpperCase()} ON ${source.table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION report_${source.table}_${event}()`,
        );
      }
    }

    await queryRunner.query(`
      CREATE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        -- Writers' deltas wait until the recount commits, then land on top of it: nothing is lost or counted twice.
        LOCK TABLE report_sales, report_attention IN EXCLUSIVE MODE;
        DELETE FROM report_sales;
        DELETE FROM report_attention;
        ${SOURCES.map((source) => source.apply([[source.table, 1]])).join('\n')}
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION report_rebuild_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM report_rebuild();
        RETURN NULL;
      END $$`);
    for (const source of SOURCES) {
      await queryRunner.query(
        `CREATE TRIGGER report_${source.table}_truncate AFTER TRUNCATE ON ${source.table} FOR EACH STATEMENT EXECUTE FUNCTION report_rebuild_after_truncate()`,
      );
    }

    await queryRunner.query(`
      CREATE FUNCTION report_fold(older_than timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        sales bigint;
        attention bigint;
      BEGIN
        -- One fold at a time; a second caller has nothing to add and goes on reading.
        IF NOT pg_try_advisory_xact_lock(hashtext('growth: report_fold')) THEN
          RETURN 0;
        END IF;
        WITH gone AS (
          DELETE FROM report_sales WHERE shard <> 0 AND bucket_end <= older_than
          RETURNING span, dim, bucket, value, currency, bucket_end, orders, revenue, refunds, refund_count, upstream_cost, upstream_orders
        ), merged AS (
          INSERT INTO report_sales AS t (span, dim, bucket, value, currency, shard, bucket_end, ${SALES_MEASURES.join(', ')})
          SELECT span, dim, bucket, value, currency, 0, bucket_end, ${SALES_MEASURES.map((m) => `sum(${m})`).join(', ')}
          FROM gone GROUP BY span, dim, bucket, value, currency, bucket_end
          ORDER BY span, dim, bucket, value, currency
          ON CONFLICT (span, dim, bucket, value, currency, shard) DO UPDATE SET ${SALES_MEASURES.map((m) => `${m} = t.${m} + EXCLUDED.${m}`).join(', ')}
          RETURNING 1
        )
        SELECT count(*) INTO sales FROM gone;
        WITH gone AS (
          DELETE FROM report_attention WHERE shard <> 0 AND bucket_end <= older_than RETURNING kind, bucket, bucket_end, n
        ), merged AS (
          INSERT INTO report_attention AS t (kind, bucket, shard, bucket_end, n)
          SELECT kind, bucket, 0, bucket_end, sum(n) FROM gone GROUP BY kind, bucket, bucket_end ORDER BY kind, bucket
          ON CONFLICT (kind, bucket, shard) DO UPDATE SET n = t.n + EXCLUDED.n
          RETURNING 1
        )
        SELECT count(*) INTO attention FROM gone;
        RETURN sales + attention;
      END $$`);

    // What is there already (a database from before this migration).
    await queryRunner.query(`SELECT report_rebuild()`);

    await queryRunner.query(`CREATE INDEX payment_orders_created_idx ON payment_orders (created_at, order_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payment_orders_created_idx`);
    for (const source of SOURCES) {
      await queryRunner.query(`DROP TRIGGER report_${source.table}_truncate ON ${source.table}`);
      for (const event of ['insert', 'update', 'delete']) {
        await queryRunner.query(`DROP TRIGGER report_${source.table}_${event} ON ${source.table}`);
        await queryRunner.query(`DROP FUNCTION report_${source.table}_${event}()`);
      }
    }
    await queryRunner.query(`DROP FUNCTION report_fold(timestamptz)`);
    await queryRunner.query(`DROP FUNCTION report_rebuild_after_truncate()`);
    await queryRunner.query(`DROP FUNCTION report_rebuild()`);
    await queryRunner.query(`DROP FUNCTION report_decimal(text)`);
    await queryRunner.query(`DROP TABLE report_attention`);
    await queryRunner.query(`DROP TABLE report_sales`);
  }
}

// -------------------------------------------------------------------------------------------------
// The SQL of the triggers, written once here (a migration keeps its own text: later code changes
// must not change what an old migration did). Exported for Fulfilments1765300000000, whose down
// puts these definitions back.
// -------------------------------------------------------------------------------------------------

const SALES_MEASURES = ['orders', 'revenue', 'refunds', 'refund_count', 'upstream_cost', 'upstream_orders'] as const;

/** Rows to read and the sign of what they contribute: [['new_rows', 1], ['old_rows', -1]]. */
export type Inputs = Array<[string, 1 | -1]>;

/**
 * The shard of a delta: one of 15 at random while its bucket may still be written to by payments
 * happening now (it ends less than an hour before the transaction began), else 0.
 */
const SHARD = (bucketEnd: string) => `CASE WHEN ${bucketEnd} > now() - interval '1 hour' THEN (1 + floor(random() * 15))::smallint ELSE 0::smallint END`;

/** The UTC-aligned buckets an instant falls in, with their ends (computed on UTC wall time, whatever the session's TimeZone). */
const SPANS = (at: string) => {
  const utc = `(${at} AT TIME ZONE 'UTC')`;
  const trunc = (unit: string) => `date_trunc('${unit}', ${utc})`;
  return `(VALUES
    ('q', date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00'), date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00') + interval '15 minutes'),
    ('h', ${trunc('hour')} AT TIME ZONE 'UTC', (${trunc('hour')} + interval '1 hour') AT TIME ZONE 'UTC'),
    ('d', ${trunc('day')} AT TIME ZONE 'UTC', (${trunc('day')} + interval '1 day') AT TIME ZONE 'UTC'),
    ('m', ${trunc('month')} AT TIME ZONE 'UTC', (${trunc('month')} + interval '1 month') AT TIME ZONE 'UTC')
  )`;
};

/**
 * Adds the contributions (one row per source row: at, currency, platform, tier, cost_currency and
 * the measures) to report_sales in every span and dimension, grouped, in key order (two statements
 * lock the rows they share in the same order), skipping groups whose delta is zero.
 */
export function applySales(contributions: string): string {
  return `
    INSERT INTO report_sales AS t (span, dim, bucket, value, currency, shard, bucket_end, ${SALES_MEASURES.join(', ')})
    SELECT g.span, g.dim, g.bucket, g.value, g.currency, ${SHARD('g.bucket_end')}, g.bucket_end, ${SALES_MEASURES.map((m) => `g.${m}`).join(', ')}
    FROM (
      SELECT s.span, d.dim, s.bucket, d.value, c.currency, s.bucket_end, ${SALES_MEASURES.map((m) => `sum(c.${m}) AS ${m}`).join(', ')}
      FROM (${contributions}) c
      CROSS JOIN LATERAL ${SPANS('c.at')} s (span, bucket, bucket_end)
      CROSS JOIN LATERAL (
        SELECT 'all' AS dim, '' AS value WHERE c.cost_currency IS NULL
        UNION ALL SELECT 'platform', c.platform WHERE c.cost_currency IS NULL
        UNION ALL SELECT 'tier', c.tier WHERE c.cost_currency IS NULL
        UNION ALL SELECT 'cost', c.cost_currency WHERE c.cost_currency IS NOT NULL
      ) d
      GROUP BY s.span, d.dim, s.bucket, d.value, c.currency, s.bucket_end
      HAVING ${SALES_MEASURES.map((m) => `sum(c.${m}) <> 0`).join(' OR ')}
    ) g
    ORDER BY g.span, g.dim, g.bucket, g.value, g.currency
    ON CONFLICT (span, dim, bucket, value, currency, shard) DO UPDATE SET ${SALES_MEASURES.map((m) => `${m} = t.${m} + EXCLUDED.${m}`).join(', ')};`;
}

/** Adds counts (kind, bucket, bucket_end, n) to report_attention, the same way. */
export function applyAttention(contributions: string): string {
  return `
    INSERT INTO report_attention AS t (kind, bucket, shard, bucket_end, n)
    SELECT g.kind, g.bucket, ${SHARD('g.bucket_end')}, g.bucket_end, g.n
    FROM (
      SELECT c.kind, c.bucket, c.bucket_end, sum(c.n) AS n FROM (${contributions}) c
      GROUP BY c.kind, c.bucket, c.bucket_end HAVING sum(c.n) <> 0
    ) g
    ORDER BY g.kind, g.bucket
    ON CONFLICT (kind, bucket, shard) DO UPDATE SET n = t.n + EXCLUDED.n;`;
}

export const union = (inputs: Inputs, select: (rows: string, sign: number) => string) => inputs.map(([rows, sign]) => select(rows, sign)).join('\n UNION ALL \n');

/** A count without a time (the bucket of an all-time total: never quiet, never folded). */
export const TIMELESS = `timestamptz 'epoch' AS bucket, timestamptz 'infinity' AS bucket_end`;

/**
 * Each source table, and the SQL that adds what its rows contribute. `apply(inputs)` is used with
 * the transition tables in the statement triggers and with the table itself in report_rebuild().
 * Where the subscriptions' statement touches both, attention comes first and sales second, as in a
 * payment (the subscription is stored before the order is marked paid): transactions take the
 * rollup rows in one order.
 */
export const SOURCES: Array<{ table: string; apply: (inputs: Inputs) => string }> = [
  {
    // Revenue and paid orders, by paid_at (docs/reports.md).
    table: 'payment_orders',
    apply: (inputs) =>
      applySales(
        union(
          inputs,
          (rows, sign) => `
          SELECT r.paid_at AS at, r.currency, r.plan_slug AS platform, coalesce(r.tier->>'name', '') AS tier, NULL::text AS cost_currency,
                 (${sign})::bigint AS orders, (${sign}) * r.amount AS revenue, 0::bigint AS refunds, 0::bigint AS refund_count,
                 0::numeric AS upstream_cost, 0::bigint AS upstream_orders
          FROM ${rows} r WHERE r.status = 'paid' AND r.paid_at IS NOT NULL`,
        ),
      ),
  },
  {
    // Refunds once processed, by the time they were (docs/reports.md); the order gives platform and tier.
    table: 'refunds',
    apply: (inputs) =>
      applySales(
        union(
          inputs,
          (rows, sign) => `
          SELECT coalesce(r.settled_at, r.updated_at) AS at, r.currency, coalesce(o.plan_slug, '') AS platform, coalesce(o.tier->>'name', '') AS tier,
                 NULL::text AS cost_currency, 0::bigint AS orders, 0::bigint AS revenue, (${sign}) * r.amount AS refunds, (${sign})::bigint AS refund_count,
                 0::numeric AS upstream_cost, 0::bigint AS upstream_orders
          FROM ${rows} r LEFT JOIN payment_orders o ON o.order_id = r.order_id
          WHERE r.state = 'processed'`,
        ),
      ),
  },
  {
    table: 'subscriptions',
    apply: (inputs) =>
      applyAttention(
        union(
          inputs,
          (rows, sign) => `
          SELECT 'needs_review' AS kind, ${TIMELESS}, (${sign})::bigint AS n FROM ${rows} WHERE fulfilment_state = 'needs_review'
          UNION ALL
          SELECT 'in_process_all', ${TIMELESS}, (${sign})::bigint FROM ${rows} WHERE status = 0
          UNION ALL
          SELECT 'in_process', date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'),
                 date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') + interval '15 minutes', (${sign})::bigint
          FROM ${rows} WHERE status = 0`,
        ),
      ) +
      // The upstream cost of an order, by its subscription's creation (the payment's transaction), in
      // the price's currency: the margin rule of docs/refunds.md (subscriptions' margin.ts).
      applySales(
        union(
          inputs,
          (rows, sign) => `
          SELECT s.created_at AS at, coalesce(upper(btrim(s.pricing->>'currency')), '') AS currency, coalesce(o.plan_slug, '') AS platform,
                 coalesce(s.pricing->>'name', '') AS tier,
                 CASE WHEN upper(btrim(s.upstream_currency)) = coalesce(upper(btrim(s.pricing->>'currency')), '') THEN NULL
                      ELSE upper(btrim(s.upstream_currency)) END AS cost_currency,
                 0::bigint AS orders, 0::bigint AS revenue, 0::bigint AS refunds, 0::bigint AS refund_count,
                 (${sign}) * report_decimal(s.upstream_charge) AS upstream_cost, (${sign})::bigint AS upstream_orders
          FROM ${rows} s LEFT JOIN payment_orders o ON o.order_id = s.order_id
          WHERE s.fulfilment_state IS NOT NULL AND s.fulfilment_state <> 'canceled' AND NOT (s.fulfilment_state = 'done' AND s.status IN (3, 4))
            AND nullif(btrim(s.upstream_currency), '') IS NOT NULL AND report_decimal(s.upstream_charge) IS NOT NULL`,
        ),
      ),
  },
  {
    table: 'refund_requests',
    apply: (inputs) =>
      applyAttention(union(inputs, (rows, sign) => `SELECT 'refund_requests_open' AS kind, ${TIMELESS}, (${sign})::bigint AS n FROM ${rows} WHERE state = 'open'`)),
  },
];

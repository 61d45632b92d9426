import type { MigrationInterface, QueryRunner } from 'typeorm';
import { applyAttention, applySales, type Inputs, SOURCES, TIMELESS, union } from './1764800000000-reports';

/** The columns that move, in the order of both tables (fulfilment's, docs/fulfilment.md#the-fulfilment-record). */
const MOVED = [
  'fulfilment_state',
  'upstream_service_id',
  'upstream_service_name',
  'upstream_quantity',
  'upstream_order_id',
  'upstream_status',
  'upstream_charge',
  'upstream_currency',
  'upstream_start_count',
  'upstream_remains',
  'fulfilment_note',
  'fulfilment_queued_at',
  'fulfilment_placing_at',
  'fulfilment_placed_at',
  'fulfilment_checked_at',
  'refill_days',
  'refill_summary',
] as const;

const STATES = `('queued', 'placing', 'open', 'needs_review', 'done', 'canceled')`;

/**
 * The fulfilment record of its own (docs/fulfilment.md#the-fulfilment-record): the fulfilment
 * module's columns leave the subscriptions table for `fulfilments`, one row per order sent (or to
 * be sent) upstream, keyed by its subscription. A subscription on the manual path has no row.
 *
 * - Moved as they are (names, types, CHECKs): the placement state, the upstream service, quantity
 *   and order id, the panel's last words and numbers, the note for staff, the four times, the
 *   refill guarantee as bought and the refills' summary. Subscriptions keep the order's facts:
 *   Status, completion, the completion mail, the refund summary and the shortfall's settlement.
 *   A state always has its service, quantity and queuing time (NOT NULL now), `open` and `done`
 *   their upstream order id. updated_at: when the fulfilment last changed (subscriptions.updated_at
 *   then only follows the order's own columns; the mapper shows the later of the two).
 * - The partial indexes move with the rows: the sync pass's `open`, `queued` and `placing` ones, the
 *   "needs review" filter's (its subscriptions are read by id, few), and the unique index that lets
 *   one upstream order id be held by one `open` or `done` order. The shortfall sweep's index on
 *   subscriptions keeps Status and settlement (a subscription finished 2–4 has its fulfilment `done`
 *   or `canceled` unless staff set it, which they cannot: they set 0 and 1 only).
 * - Reports (Reports1764800000000): the needs-review count comes from fulfilments' statements; the
 *   upstream cost of an order needs both rows (the charge from fulfilments, the Status, time, price
 *   and tier from subscriptions), so each table's statement triggers add what their rows contribute
 *   joined with the other table as it is. Written one table per statement (as the repositories
 *   do), the two deltas add up to the cost after minus the cost before. A subscription is deleted
 *   after its fulfilment (the foreign key refuses the other order), so no cost is left behind.
 *   report_rebuild() joins the two; the rollups are rebuilt at the end of up and of down.
 *
 * Down puts every column back on subscriptions with the row's values, the indexes and the triggers
 * as Reports1764800000000 wrote them, then drops the table.
 */
export class Fulfilments1765300000000 implements MigrationInterface {
  name = 'Fulfilments1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE fulfilments (
        subscription_id       uuid PRIMARY KEY REFERENCES subscriptions (subscription_id),
        fulfilment_state      text NOT NULL CONSTRAINT fulfilments_fulfilment_state_check CHECK (fulfilment_state IN ${STATES}),
        upstream_service_id   text NOT NULL,
        upstream_service_name text NULL,
        upstream_quantity     integer NOT NULL CONSTRAINT fulfilments_upstream_quantity_check CHECK (upstream_quantity > 0),
        upstream_order_id     text NULL,
        upstream_status       text NULL,
        upstream_charge       text NULL,
        upstream_currency     text NULL,
        upstream_start_count  bigint NULL,
        upstream_remains      bigint NULL,
        fulfilment_note       text NULL,
        fulfilment_queued_at  timestamptz NOT NULL,
        fulfilment_placing_at timestamptz NULL,
        fulfilment_placed_at  timestamptz NULL,
        fulfilment_checked_at timestamptz NULL,
        refill_days           smallint NOT NULL DEFAULT 0 CONSTRAINT fulfilments_refill_days_check CHECK (refill_days BETWEEN 0 AND 365),
        refill_summary        jsonb NULL,
        updated_at            timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fulfilments_fulfilment_placed_check CHECK (fulfilment_state NOT IN ('open', 'done') OR upstream_order_id IS NOT NULL)
      )`);
    await queryRunner.query(`
      INSERT INTO fulfilments (subscription_id, ${MOVED.join(', ')}, updated_at)
      SELECT subscription_id, ${MOVED.join(', ')}, updated_at FROM subscriptions WHERE fulfilment_state IS NOT NULL
      ORDER BY subscription_id`);

    await queryRunner.query(`CREATE INDEX fulfilments_open_idx ON fulfilments (fulfilment_checked_at NULLS FIRST, subscription_id) WHERE fulfilment_state = 'open'`);
    await queryRunner.query(`CREATE INDEX fulfilments_review_idx ON fulfilments (subscription_id) WHERE fulfilment_state = 'needs_review'`);
    await queryRunner.query(`CREATE INDEX fulfilments_queued_idx ON fulfilments (fulfilment_queued_at, subscription_id) WHERE fulfilment_state = 'queued'`);
    await queryRunner.query(`CREATE INDEX fulfilments_placing_idx ON fulfilments (fulfilment_placing_at) WHERE fulfilment_state = 'placing'`);
    await queryRunner.query(`CREATE UNIQUE INDEX fulfilments_upstream_order_once_idx ON fulfilments (upstream_order_id) WHERE fulfilment_state IN ('open', 'done')`);

    // Reports: the triggers that read the moved columns, before the columns go.
    await defineTriggers(queryRunner, 'subscriptions', subscriptionsSource);
    await defineTriggers(queryRunner, 'fulfilments', fulfilmentsSource);
    await createTriggers(queryRunner, 'fulfilments');
    await defineRebuild(queryRunner, [...SOURCES.filter((s) => s.table !== 'subscriptions').map((s) => s.apply([[s.table, 1]])), rebuiltRecords()]);

    await queryRunner.query(`DROP INDEX subscriptions_shortfall_due_idx`);
    await queryRunner.query(
      `CREATE INDEX subscriptions_shortfall_due_idx ON subscriptions (updated_at, subscription_id) WHERE shortfall_settled_at IS NULL AND status IN (2, 3, 4)`,
    );
    await queryRunner.query(`DROP INDEX subscriptions_upstream_order_once_idx`);
    for (const index of ['placing', 'queued', 'review', 'open']) await queryRunner.query(`DROP INDEX subscriptions_fulfilment_${index}_idx`);
    await queryRunner.query(`
      ALTER TABLE subscriptions
        DROP CONSTRAINT subscriptions_fulfilment_target_check, DROP CONSTRAINT subscriptions_fulfilment_placed_check,
        DROP CONSTRAINT subscriptions_refill_days_check,
        ${MOVED.map((column) => `DROP COLUMN ${column}`).join(', ')}`);
    await queryRunner.query(`SELECT report_rebuild()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE subscriptions
        ADD COLUMN fulfilment_state text NULL CONSTRAINT subscriptions_fulfilment_state_check CHECK (fulfilment_state IN ${STATES}),
        ADD COLUMN upstream_service_id text NULL,
        ADD COLUMN upstream_service_name text NULL,
        ADD COLUMN upstream_quantity integer NULL CONSTRAINT subscriptions_upstream_quantity_check CHECK (upstream_quantity > 0),
        ADD COLUMN upstream_order_id text NULL,
        ADD COLUMN upstream_status text NULL,
        ADD COLUMN upstream_charge text NULL,
        ADD COLUMN upstream_currency text NULL,
        ADD COLUMN upstream_start_count bigint NULL,
        ADD COLUMN upstream_remains bigint NULL,
        ADD COLUMN fulfilment_note text NULL,
        ADD COLUMN fulfilment_queued_at timestamptz NULL,
        ADD COLUMN fulfilment_placing_at timestamptz NULL,
        ADD COLUMN fulfilment_placed_at timestamptz NULL,
        ADD COLUMN fulfilment_checked_at timestamptz NULL,
        ADD COLUMN refill_days smallint NOT NULL DEFAULT 0,
        ADD COLUMN refill_summary jsonb NULL,
        ADD CONSTRAINT subscriptions_fulfilment_target_check
          CHECK (fulfilment_state IS NULL OR (upstream_service_id IS NOT NULL AND upstream_quantity IS NOT NULL AND fulfilment_queued_at IS NOT NULL)),
        ADD CONSTRAINT subscriptions_fulfilment_placed_check
          CHECK (fulfilment_state IS NULL OR fulfilment_state NOT IN ('open', 'done') OR upstream_order_id IS NOT NULL),
        ADD CONSTRAINT subscriptions_refill_days_check CHECK (refill_days BETWEEN 0 AND 365)`);
    // While the joined triggers are in place this UPDATE adds nothing to the rollups (each cost is
    // the same before and after); they are rebuilt at the end anyway.
    await queryRunner.query(`
      UPDATE subscriptions s SET ${MOVED.map((column) => `${column} = f.${column}`).join(', ')}, updated_at = greatest(s.updated_at, f.updated_at)
        FROM fulfilments f WHERE f.subscription_id = s.subscription_id`);

    await queryRunner.query(
      `CREATE INDEX subscriptions_fulfilment_open_idx ON subscriptions (fulfilment_checked_at NULLS FIRST, subscription_id) WHERE fulfilment_state = 'open'`,
    );
    await queryRunner.query(`CREATE INDEX subscriptions_fulfilment_review_idx ON subscriptions (created_at, subscription_id) WHERE fulfilment_state = 'needs_review'`);
    await queryRunner.query(
      `CREATE INDEX subscriptions_fulfilment_queued_idx ON subscriptions (fulfilment_queued_at, subscription_id) WHERE fulfilment_state = 'queued'`,
    );
    await queryRunner.query(`CREATE INDEX subscriptions_fulfilment_placing_idx ON subscriptions (fulfilment_placing_at) WHERE fulfilment_state = 'placing'`);
    await queryRunner.query(`CREATE UNIQUE INDEX subscriptions_upstream_order_once_idx ON subscriptions (upstream_order_id) WHERE fulfilment_state IN ('open', 'done')`);
    await queryRunner.query(`DROP INDEX subscriptions_shortfall_due_idx`);
    await queryRunner.query(
      `CREATE INDEX subscriptions_shortfall_due_idx ON subscriptions (updated_at, subscription_id)
        WHERE shortfall_settled_at IS NULL AND status IN (2, 3, 4) AND fulfilment_state IN ('done', 'canceled')`,
    );

    // Reports as Reports1764800000000 wrote them.
    await queryRunner.query(`DROP TRIGGER report_fulfilments_truncate ON fulfilments`);
    for (const event of EVENTS) {
      await queryRunner.query(`DROP TRIGGER report_fulfilments_${event} ON fulfilments`);
      await queryRunner.query(`DROP FUNCTION report_fulfilments_${event}()`);
    }
    const original = SOURCES.find((s) => s.table === 'subscriptions');
    if (!original) throw new Error('Reports1764800000000 has no subscriptions source');
    await defineTriggers(queryRunner, 'subscriptions', original.apply);
    await defineRebuild(
      queryRunner,
      SOURCES.map((s) => s.apply([[s.table, 1]])),
    );
    await queryRunner.query(`DROP TABLE fulfilments`);
    await queryRunner.query(`SELECT report_rebuild()`);
  }
}

const EVENTS = ['insert', 'update', 'delete'] as const;

/** The transition tables a statement trigger of `event` reads, with their signs. */
function inputsOf(event: (typeof EVENTS)[number]): Inputs {
  if (event === 'insert') return [['new_rows', 1]];
  if (event === 'delete') return [['old_rows', -1]];
  return [
    ['new_rows', 1],
    ['old_rows', -1],
  ];
}

/** (Re)writes report_<table>_<event>() for the three events (the triggers calling them stay). */
export async function defineTriggers(queryRunner: QueryRunner, table: string, apply: (inputs: Inputs) => string): Promise<void> {
  for (const event of EVENTS) {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION report_${table}_${event}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${apply(inputsOf(event))}
        RETURN NULL;
      END $$`);
  }
}

/** The statement triggers of `table` on its functions, and its recount after a TRUNCATE. */
async function createTriggers(queryRunner: QueryRunner, table: string): Promise<void> {
  for (const event of EVENTS) {
    const referencing = event === 'insert' ? 'NEW TABLE AS new_rows' : event === 'delete' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
    await queryRunner.query(
      `CREATE TRIGGER report_${table}_${event} AFTER ${event.toUpperCase()} ON ${table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION report_${table}_${event}()`,
    );
  }
  await queryRunner.query(`CREATE TRIGGER report_${table}_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION report_rebuild_after_truncate()`);
}

export async function defineRebuild(queryRunner: QueryRunner, parts: string[]): Promise<void> {
  await queryRunner.query(`
    CREATE OR REPLACE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      -- Writers' deltas wait until the recount commits, then land on top of it: nothing is lost or counted twice.
      LOCK TABLE report_sales, report_attention IN EXCLUSIVE MODE;
      DELETE FROM report_sales;
      DELETE FROM report_attention;
      ${parts.join('\n')}
    END $$`);
}

/**
 * The upstream cost of orders (the margin rule of docs/refunds.md), from subscription rows `s` and
 * fulfilment rows `f` (a transition table of one, the other table as it is), in the price's currency,
 * by the subscription's creation; the same figures as Reports1764800000000 took from one row.
 */
function cost(subscriptions: string, fulfilments: string, sign: number): string {
  return `
    SELECT s.created_at AS at, coalesce(upper(btrim(s.pricing->>'currency')), '') AS currency, coalesce(o.plan_slug, '') AS platform,
           coalesce(s.pricing->>'name', '') AS tier,
           CASE WHEN upper(btrim(f.upstream_currency)) = coalesce(upper(btrim(s.pricing->>'currency')), '') THEN NULL
                ELSE upper(btrim(f.upstream_currency)) END AS cost_currency,
           0::bigint AS orders, 0::bigint AS revenue, 0::bigint AS refunds, 0::bigint AS refund_count,
           (${sign}) * report_decimal(f.upstream_charge) AS upstream_cost, (${sign})::bigint AS upstream_orders
    FROM ${subscriptions} s JOIN ${fulfilments} f ON f.subscription_id = s.subscription_id LEFT JOIN payment_orders o ON o.order_id = s.order_id
    WHERE f.fulfilment_state <> 'canceled' AND NOT (f.fulfilment_state = 'done' AND s.status IN (3, 4))
      AND nullif(btrim(f.upstream_currency), '') IS NOT NULL AND report_decimal(f.upstream_charge) IS NOT NULL`;
}

/** Subscriptions In Process (all, and per quarter hour of creation), from subscription rows. */
export function inProcess(rows: string, sign: number): string {
  return `
    SELECT 'in_process_all' AS kind, ${TIMELESS}, (${sign})::bigint AS n FROM ${rows} WHERE status = 0
    UNION ALL
    SELECT 'in_process', date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'),
           date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') + interval '15 minutes', (${sign})::bigint
    FROM ${rows} WHERE status = 0`;
}

export const needsReview = (rows: string, sign: number) =>
  `SELECT 'needs_review' AS kind, ${TIMELESS}, (${sign})::bigint AS n FROM ${rows} WHERE fulfilment_state = 'needs_review'`;

/** A statement on subscriptions: its In Process counts, then the cost of its rows with their fulfilments (attention first, as in a payment). */
export const subscriptionsSource = (inputs: Inputs) =>
  applyAttention(union(inputs, inProcess)) + applySales(union(inputs, (rows, sign) => cost(rows, 'fulfilments', sign)));

/** A statement on fulfilments: its needs-review count, then the cost of its rows with their subscriptions. */
export const fulfilmentsSource = (inputs: Inputs) =>
  applyAttention(union(inputs, needsReview)) + applySales(union(inputs, (rows, sign) => cost('subscriptions', rows, sign)));

/** report_rebuild()'s part for both tables: each count once, each cost once. */
export function rebuiltRecords(): string {
  return applyAttention(`${needsReview('fulfilments', 1)} UNION ALL ${inProcess('subscriptions', 1)}`) + applySales(cost('subscriptions', 'fulfilments', 1));
}

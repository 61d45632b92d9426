import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * list_day_counts: how many rows of a long admin list each UTC day holds, per filter value, so a
 * jump by page number deep into the list finds its day from a few counter rows instead of skipping
 * every index entry before it (docs/operations.md#jumps-by-page-number).
 *
 * - list 'tasks': subscriptions by created_at, part = the Status (the task list's filter);
 * - list 'refunds': refunds and the refund requests the list shows (not the approved ones, which
 *   the list shows as their refund), by created_at, part = the state (the refunds list's filter).
 *
 * Kept like subscription_status_totals and the report rollups (AdminLists1764300000000,
 * Reports1764800000000): statement triggers with transition tables turn each statement into
 * per-(day, part) deltas in the statement's transaction, so the counts are exact under any
 * concurrency. A day that may still be written to (ending less than an hour ago) takes the delta in
 * one of 15 random shards, so concurrent purchases seldom wait for each other's row; older days take
 * shard 0. list_day_fold() (run before a walk reads) moves old shards into shard 0, so a quiet day
 * is one row per part. A TRUNCATE of a source table recounts that source.
 */
const SOURCES = [
  { table: 'subscriptions', list: 'tasks', part: 'status::text', where: 'true' },
  { table: 'refunds', list: 'refunds', part: 'state', where: 'true' },
  { table: 'refund_requests', list: 'refunds', part: 'state', where: `state <> 'approved'` },
] as const;

const DAY = `date_bin(interval '24 hours', created_at, timestamptz '1970-01-01 00:00:00+00')`;
const SHARD = `CASE WHEN day > now() - interval '25 hours' THEN 1 + floor(random() * 15)::smallint ELSE 0 END`;

/** The statement's delta of one source from transition tables (or the table itself), each with its sign. */
function apply(source: (typeof SOURCES)[number], rows: Array<[string, 1 | -1]>): string {
  const union = rows.map(([from, sign]) => `SELECT ${DAY} AS day, ${source.part} AS part, ${sign} AS delta FROM ${from} WHERE ${source.where}`).join(' UNION ALL ');
  return `
    INSERT INTO list_day_counts AS c (list, source, day, part, shard, n)
    SELECT '${source.list}', '${source.table}', day, part, ${SHARD}, sum(delta) FROM (${union}) d
    GROUP BY day, part HAVING sum(delta) <> 0 ORDER BY day, part
    ON CONFLICT (list, day, source, part, shard) DO UPDATE SET n = c.n + EXCLUDED.n;`;
}

/**
 * The (list, day, part) groups where list_day_counts and a GROUP BY of the source rows disagree,
 * with both figures: no rows when the triggers kept every count. For the specs and the admin bench.
 */
export const LIST_DAY_COUNTS_DRIFT = `
  WITH counted AS (
    SELECT list, day, part, count(*)::bigint AS n FROM (
      ${SOURCES.map((source) => `SELECT '${source.list}' AS list, ${DAY} AS day, ${source.part} AS part FROM ${source.table} WHERE ${source.where}`).join('\n      UNION ALL ')}
    ) r GROUP BY list, day, part
  ), kept AS (
    SELECT list, day, part, sum(n)::bigint AS n FROM list_day_counts GROUP BY list, day, part HAVING sum(n) <> 0
  )
  SELECT coalesce(c.list, k.list) AS list, coalesce(c.day, k.day) AS day, coalesce(c.part, k.part) AS part, c.n AS counted, k.n AS kept
  FROM counted c FULL JOIN kept k ON (c.list, c.day, c.part) = (k.list, k.day, k.part)
  WHERE c.n IS DISTINCT FROM k.n`;

export class ListDayCounts1765000000000 implements MigrationInterface {
  name = 'ListDayCounts1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE list_day_counts (
        list   text NOT NULL CHECK (list IN ('tasks', 'refunds')),
        day    timestamptz NOT NULL,
        source text NOT NULL,
        part   text NOT NULL,
        shard  smallint NOT NULL CHECK (shard BETWEEN 0 AND 15),
        n      bigint NOT NULL,
        PRIMARY KEY (list, day, source, part, shard)
      )`);
    await queryRunner.query(`CREATE INDEX list_day_counts_unfolded_idx ON list_day_counts (day) WHERE shard <> 0`);

    for (const source of SOURCES) {
      for (const event of ['insert', 'update', 'delete'] as const) {
        const body =
          event === 'insert'
            ? apply(source, [['new_rows', 1]])
            : event === 'delete'
              ? apply(source, [['old_rows', -1]])
              : apply(source, [
                  ['new_rows', 1],
                  ['old_rows', -1],
                ]);
        await queryRunner.query(`
          CREATE FUNCTION list_day_counts_${source.table}_${event}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            ${body}
            RETURN NULL;
          END $$`);
        const referencing = event === 'insert' ? 'NEW TABLE AS new_rows' : event === 'delete' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
        await queryRunner.query(
          `CREATE TRIGGER list_day_counts_${source.table}_${event} AFTER ${event.toUpperCase()} ON ${source.table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION list_day_counts_${source.table}_${event}()`,
        );
      }
      // The recount after a TRUNCATE (the table is empty then, unless rows came back in the same
      // transaction), and the backfill of the rows there are now.
      const recount = `
        DELETE FROM list_day_counts WHERE source = '${source.table}';
        ${apply(source, [[source.table, 1]])}`;
      await queryRunner.query(`
        CREATE FUNCTION list_day_counts_${source.table}_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${recount}
          RETURN NULL;
        END $$`);
      await queryRunner.query(
        `CREATE TRIGGER list_day_counts_${source.table}_truncate AFTER TRUNCATE ON ${source.table} FOR EACH STATEMENT EXECUTE FUNCTION list_day_counts_${source.table}_truncate()`,
      );
      await queryRunner.query(apply(source, [[source.table, 1]]));
    }

    await queryRunner.query(`
      CREATE FUNCTION list_day_fold(older_than timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        moved bigint;
      BEGIN
        -- One fold at a time; a second caller has nothing to add and goes on reading.
        IF NOT pg_try_advisory_xact_lock(hashtext('growth: list_day_fold')) THEN
          RETURN 0;
        END IF;
        WITH gone AS (
          DELETE FROM list_day_counts WHERE shard <> 0 AND day < older_than RETURNING list, day, source, part, n
        ), merged AS (
          INSERT INTO list_day_counts AS c (list, day, source, part, shard, n)
          SELECT list, day, source, part, 0, sum(n) FROM gone GROUP BY list, day, source, part ORDER BY day, part
          ON CONFLICT (list, day, source, part, shard) DO UPDATE SET n = c.n + EXCLUDED.n
          RETURNING 1
        )
        SELECT count(*) INTO moved FROM gone;
        RETURN moved;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const source of SOURCES) {
      for (const event of ['insert', 'update', 'delete', 'truncate']) {
        await queryRunner.query(`DROP TRIGGER list_day_counts_${source.table}_${event} ON ${source.table}`);
        await queryRunner.query(`DROP FUNCTION list_day_counts_${source.table}_${event}()`);
      }
    }
    await queryRunner.query(`DROP FUNCTION list_day_fold(timestamptz)`);
    await queryRunner.query(`DROP TABLE list_day_counts`);
  }
}

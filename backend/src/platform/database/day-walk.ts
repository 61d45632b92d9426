import type { EntityManager } from 'typeorm';

/**
 * A jump by page number deep into a long admin list (docs/operations.md#jumps-by-page-number).
 * Skipping `offset` index entries costs what it skips; instead, the per-day counts that triggers
 * keep in list_day_counts (ListDayCounts1765000000000) say which UTC day the row at `offset` falls
 * in and how many of the list's rows come before that day, and the page is read from the index
 * starting at that day, skipping at most that day's rows. Exact: the counts and the rows are read
 * in one statement, so from one snapshot.
 *
 * Below this offset a plain skip is as quick, and page 1 never depends on the counts.
 */
export const WALK_FROM_OFFSET = 5000;

export interface DayWalk {
  /** The list's name in list_day_counts, given by the module that owns the list (its triggers: ListDayCounts1765000000000). */
  list: string;
  /** SQL condition on list_day_counts.part: the list's filter (with the statement's `$n`), or `true`. */
  part: string;
  offset: number;
  /** Newest first (the day's rows before `offset` are the newer ones), else oldest first. */
  descending: boolean;
}

export interface DayAnchor {
  /** `anchor AS (…)`: one row `(day, skip)`, none when the list ends before `offset`. */
  cte: string;
  /** The condition that starts the page's index read at the anchor's day, on this timestamp column. */
  from(column: string): string;
  /** The OFFSET of the page's index read: `anchor.skip`, rows of the list between the day's start and the page. */
  skip: string;
}

export function dayAnchor(walk: DayWalk): DayAnchor {
  if (!Number.isSafeInteger(walk.offset) || walk.offset < 0) throw new Error(`dayAnchor: offset must be a whole number, got ${walk.offset}`);
  if (!/^[a-z_]+$/.test(walk.list)) throw new Error(`dayAnchor: a list name is lower-case letters, got ${JSON.stringify(walk.list)}`);
  const direction = walk.descending ? 'DESC' : 'ASC';
  // The days in the list's order with the rows up to and including each (through); the anchor is
  // the first day whose rows reach past the offset. Reads the list's count rows, a few per day
  // (1,462 for two years of 1M orders: 0.5 ms).
  const cte = `anchor AS (
    SELECT day, greatest(0, ${walk.offset} - (through - n))::bigint AS skip FROM (
      SELECT day, n, sum(n) OVER (ORDER BY day ${direction}) AS through FROM (
        SELECT day, sum(n) AS n FROM list_day_counts WHERE list = '${walk.list}' AND ${walk.part} GROUP BY day
      ) days
    ) run
    WHERE through > ${walk.offset} ORDER BY day ${direction} LIMIT 1)`;
  return {
    cte,
    from: (column) => (walk.descending ? `${column} < anchor.day + interval '24 hours'` : `${column} >= anchor.day`),
    skip: 'anchor.skip',
  };
}

/** A walk folds at most this often per database connection pool: the days it folds are a day old. */
const FOLD_EVERY_MS = 60_000;
const foldedAt = new WeakMap<object, number>();

/**
 * Moves the counts of days that are no longer written to into one row per part (list_day_fold),
 * so a walk reads few rows; run before a walk, like the Overview's report_fold, at most once a
 * minute per process. Counts are sums whatever their shard: a walk is exact with or without it.
 */
export async function foldListDays(manager: EntityManager, now = Date.now()): Promise<void> {
  const last = foldedAt.get(manager.connection);
  if (last !== undefined && now - last < FOLD_EVERY_MS) return;
  foldedAt.set(manager.connection, now);
  await manager.query(`SELECT list_day_fold(now() - interval '26 hours')`);
}

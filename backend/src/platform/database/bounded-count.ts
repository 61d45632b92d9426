import type { EntityManager } from 'typeorm';

/** Matches counted one by one, at most; above this a list reports the planner's estimate. */
export const EXACT_COUNT_UP_TO = 1000;

/**
 * How many rows `SELECT 1 <fromWhere>` yields, for the paging meta of a searched admin list,
 * without letting a broad search count the whole table on every page view:
 * - counted exactly while there are at most `cap` (the count stops reading at cap + 1 rows);
 * - beyond that, the planner's row estimate for the same query (pg_trgm estimates LIKE patterns
 *   from the column statistics; 24,773 for 25,000 real matches in a 200k-row test), never less
 *   than cap + 1, with `exact: false`.
 * `fromWhere` is trusted SQL ("FROM t WHERE …" with $n placeholders); values go in `params`.
 */
export async function boundedCount(manager: EntityManager, fromWhere: string, params: unknown[], cap = EXACT_COUNT_UP_TO): Promise<{ total: number; exact: boolean }> {
  const [counted] = (await manager.query(`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${cap + 1}) capped`, params)) as Array<{ n: number | string }>;
  const n = Number(counted.n);
  if (n <= cap) return { total: n, exact: true };
  const [plan] = (await manager.query(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params)) as Array<Record<string, unknown>>;
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  const estimate = Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows']));
  return { total: Number.isFinite(estimate) ? Math.max(cap + 1, estimate) : cap + 1, exact: false };
}

/** `text` as a LIKE/ILIKE pattern matching it anywhere, its wildcards (% _) and the escape (\) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

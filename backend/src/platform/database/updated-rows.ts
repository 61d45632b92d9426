import type { EntityManager } from 'typeorm';

/**
 * Runs an `UPDATE … RETURNING` (or `INSERT … RETURNING`) and gives its rows. TypeORM's postgres
 * runner answers an UPDATE with [rows, affected count]; the statement must start with UPDATE for
 * both drivers to say so (the PGlite pool names the command after the first word).
 */
export async function updatedRows<R = Record<string, unknown>>(manager: EntityManager, sql: string, params: unknown[]): Promise<R[]> {
  const result = (await manager.query(sql, params)) as unknown;
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as R[];
  if (Array.isArray(result)) return result as R[];
  throw new Error('An UPDATE … RETURNING answered neither rows nor [rows, count]');
}

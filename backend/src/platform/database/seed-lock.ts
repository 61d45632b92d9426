import type { DataSource, EntityManager } from 'typeorm';

/**
 * The advisory-lock key of every seeder, in one place so no two share one. Seeders run on every
 * start of every instance; the lock lets one instance seed while the others wait, then find the
 * data there.
 */
export const SEED_LOCKS = {
  catalogue: 7_430_001,
  plans: 7_430_002,
  admin: 7_430_003,
  documents: 7_430_004,
  countries: 7_430_010,
} as const;

/**
 * Runs `work` in one transaction that first takes the seeder's transaction-level advisory lock
 * (released at commit or rollback). `work` must use the manager it is given.
 */
export async function underSeedLock<T>(dataSource: DataSource, seeder: keyof typeof SEED_LOCKS, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCKS[seeder]]);
    return work(manager);
  });
}

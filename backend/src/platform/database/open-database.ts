import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config';
import { migrations } from './migrations';
import { pgliteDriver } from './pglite-driver';
import { RedactedSqlLog } from './redacted-sql-log';

/** Postgres type ids whose text form we keep as text, as `pg` does (bigint and numeric). */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * TypeORM options for the configured database: PGlite in-process (data under DATA_DIR, or in
 * memory) or PostgreSQL by URL. Entities come from the modules (autoLoadEntities), tables from the
 * migrations.
 */
export async function openDatabase(config: DatabaseConfig): Promise<{ options: DataSourceOptions }> {
  const common = {
    type: 'postgres' as const,
    migrations,
    migrationsRun: true,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    installExtensions: false,
    logging: ['error' as const, 'warn' as const, 'migration' as const],
    // TypeORM's own loggers print every bound parameter of a failed statement: password hashes, addresses.
    logger: new RedactedSqlLog(['error', 'warn', 'migration']),
  };
  if (config.kind === 'postgres') {
    return {
      options: {
        ...common,
        url: config.url,
        poolSize: 20,
        // A schema of its own (tests, side-by-side runs): every statement, migrations too, lands there.
        ...(config.schema ? { extra: { options: `-c search_path=${config.schema}` } } : {}),
      },
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const pglite = await PGlite.create(config.dataDir ?? 'memory://', {
    // Extensions the migrations create (CREATE EXTENSION): PGlite ships them as modules to load.
    extensions: { pg_trgm },
    parsers: { [INT8]: (value: string) => value, [NUMERIC]: (value: string) => value },
  });
  return {
    // The DataSource closes this PGlite instance when it is destroyed (see DatabaseModule).
    options: { ...common, driver: pgliteDriver, extra: { pglite } },
  };
}

/** A DataSource that also closes its embedded PGlite database, if any, when it is destroyed. */
export function createDataSource(options: DataSourceOptions): DataSource {
  const dataSource = new DataSource(options);
  const pglite = (options as { extra?: { pglite?: { close(): Promise<void> } } }).extra?.pglite;
  if (pglite) {
    const destroy = dataSource.destroy.bind(dataSource);
    dataSource.destroy = async () => {
      await destroy();
      await pglite.close();
    };
  }
  return dataSource;
}

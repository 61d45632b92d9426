import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { DatabaseConfig } from '../../src/platform/config/app-config';
import { createDataSource, openDatabase } from '../../src/platform/database/open-database';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases the integration specs run on: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The database the API specs boot the app on: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function defaultDatabaseKind(): DatabaseKind {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

async function withClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The run's directory for PGlite databases (test/global-setup.ts sets it; global-teardown.ts removes it). */
export const PGLITE_RUN_DIR_ENV = 'GROWTH_TEST_PGLITE_DIR';

/**
 * The run's migrated PGlite data directory, made once (the migrations run once) and copied by every
 * fresh PGlite database of the run. Starting PGlite on a new database runs initdb inside
 * WebAssembly, 3 to 10 s on a 2-core machine; opening a copied directory takes well under a second
 * (docs/operations.md#test-suite-timings). test/global-setup.ts makes it before any spec, where no
 * hook timeout counts its 10 to 40 s; made under a private name and renamed into place, so a caller
 * never sees half a template.
 */
export async function pgliteTemplate(runDir: string): Promise<string> {
  const template = join(runDir, 'template');
  if (existsSync(template)) return template;
  mkdirSync(runDir, { recursive: true });
  const building = mkdtempSync(join(runDir, 'building-'));
  const { options } = await openDatabase({ kind: 'pglite', dataDir: building });
  const dataSource = createDataSource({ ...options, logging: ['error'] } as typeof options);
  await dataSource.initialize();
  await dataSource.destroy();
  try {
    renameSync(building, template);
  } catch (error) {
    // Another worker put its template there first: use that one.
    if (!existsSync(template)) throw error;
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/**
 * Fills the empty or new directory `dataDir` with a copy of the run's migrated PGlite database (the
 * durable PGlite of a test app); false when the run has no PGlite directory (then the app's first
 * start makes the database itself).
 */
export async function copyMigratedPglite(dataDir: string): Promise<boolean> {
  const runDir = process.env[PGLITE_RUN_DIR_ENV];
  if (!runDir) return false;
  mkdirSync(runDir, { recursive: true });
  cpSync(await pgliteTemplate(runDir), dataDir, { recursive: true });
  return true;
}

/**
 * A fresh database of the given kind with every migration run: a PGlite of its own (a copy of the
 * run's migrated template directory; in memory when the run has no PGlite directory), or a schema
 * of its own on the DATABASE_URL server (migrated when opened). `drop()` removes what it made.
 */
export async function freshDatabase(kind: DatabaseKind): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const runDir = process.env[PGLITE_RUN_DIR_ENV];
    if (!runDir) return { config: { kind: 'pglite', dataDir: null }, drop: async () => undefined };
    mkdirSync(runDir, { recursive: true });
    const dataDir = mkdtempSync(join(runDir, 'db-'));
    await copyMigratedPglite(dataDir);
    return { config: { kind: 'pglite', dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: there is no PostgreSQL to test on');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withClient((client) => client.query(`CREATE SCHEMA ${schema}`));
  return {
    config: { kind: 'postgres', url, schema },
    drop: () => withClient((client) => client.query(`DROP SCHEMA ${schema} CASCADE`)).then(() => undefined),
  };
}

/**
 * An initialised DataSource on a fresh database with every migration run, for integration specs.
 * Pass the ORM entities the spec uses. `dataSource.destroy()` closes it and drops what was made.
 */
export async function createTestDataSource(entities: Function[] = [], kind: DatabaseKind = 'pglite'): Promise<DataSource> {
  const database = await freshDatabase(kind);
  const { options } = await openDatabase(database.config);
  const dataSource = createDataSource({ ...options, entities, logging: ['error'] } as typeof options);
  await dataSource.initialize();
  const destroy = dataSource.destroy.bind(dataSource);
  dataSource.destroy = async () => {
    await destroy();
    await database.drop();
  };
  return dataSource;
}

import { randomBytes } from 'node:crypto';
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

/**
 * A fresh, empty database of the given kind: an in-memory PGlite, or a schema of its own on the
 * DATABASE_URL server. `drop()` removes what it made.
 */
export async function freshDatabase(kind: DatabaseKind): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (kind === 'pglite') return { config: { kind: 'pglite', dataDir: null }, drop: async () => undefined };
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

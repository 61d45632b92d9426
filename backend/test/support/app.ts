import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../../src/app.module';
import { AppConfig, loadConfig } from '../../src/platform/config/app-config';
import { configureApp } from '../../src/platform/http/configure-app';
import type { DatabaseConfig } from '../../src/platform/config/app-config';
import { copyMigratedPglite, defaultDatabaseKind, freshDatabase, type DatabaseKind } from './database';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  /** The app's data directory (mail outbox under `outbox/`). */
  dataDir: string;
  /**
   * Stops the app as a process that exits would (shutdown hooks run), keeping its database, data
   * directory and queue for a restart (`createTestApp({ restartOf })`). close() still cleans up.
   */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** A PGlite database kept under the app's data directory (removed with it), migrated already. */
async function durablePglite(dir: string): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  await copyMigratedPglite(dir);
  return { config: { kind: 'pglite', dataDir: dir }, drop: async () => undefined };
}

/** What each app removes at close(); a restart takes it over (the stopped app then removes nothing). */
const leftovers = new WeakMap<TestApp, { remove(): Promise<void> }>();
const stoppedApps = new WeakSet<TestApp>();

/**
 * Boots the real AppModule, configured as in production (pipes, filters, envelope), on a fresh
 * database: PostgreSQL in a schema of its own when DATABASE_URL is set, else an in-memory PGlite.
 * The queue is BullMQ when REDIS_URL is set (with a key prefix of its own), else in-process.
 * Migrations and seeds run as on a first start.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: DatabaseKind;
    /**
     * PostgreSQL only: the URL the app connects with, e.g. through a proxy the spec can cut; the
     * spec's schema is still made and dropped over DATABASE_URL.
     */
    databaseUrl?: string;
    /** Providers to replace by a test double (a fake clock, fake Google certificates...). */
    overrides?: Array<{ provide: Function; useValue: unknown }>;
    /**
     * A second instance of the same deployment: the other app's PostgreSQL schema and queue prefix
     * (so its Redis channels too). The other app keeps owning the database.
     */
    shareWith?: TestApp;
    /**
     * PGlite only: keep the database in the app's data directory instead of in memory, so that
     * `restartOf` can open it again.
     */
    durable?: boolean;
    /**
     * A restart of an app stopped with `stop()`: the same database (PostgreSQL schema, or the
     * durable PGlite directory), data directory and queue prefix. The new app owns them from now on.
     */
    restartOf?: TestApp;
  } = {},
): Promise<TestApp> {
  const previous = options.restartOf;
  const handedOver = previous ? leftovers.get(previous) : undefined;
  if (previous && !handedOver) throw new Error('restartOf: that app was restarted already, or closed');
  if (previous && !stoppedApps.has(previous)) throw new Error('restartOf: stop() that app first (one process per database directory)');
  const dataDir = previous?.dataDir ?? mkdtempSync(join(tmpdir(), 'growth-test-'));
  const shared = options.shareWith;
  if (shared && shared.config.database.kind !== 'postgres') throw new Error('Only a PostgreSQL database can be shared by two instances');
  const kind = options.database ?? defaultDatabaseKind();
  const database = shared
    ? { config: shared.config.database, drop: async () => undefined }
    : previous
      ? { config: previous.config.database, drop: async () => undefined }
      : options.durable && kind === 'pglite'
        ? await durablePglite(join(dataDir, 'pglite'))
        : await freshDatabase(kind);
  if (previous && previous.config.database.kind === 'pglite' && !previous.config.database.dataDir) {
    throw new Error('restartOf: the stopped app kept its PGlite database in memory (start it with durable: true)');
  }
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PGLITE_DIR: 'memory',
    REDIS_URL: process.env.REDIS_URL,
    QUEUE_PREFIX: (shared ?? previous)?.config.queuePrefix ?? `test-${randomBytes(4).toString('hex')}`,
    ...options.env,
  });
  const databaseConfig = options.databaseUrl && database.config.kind === 'postgres' ? { ...database.config, url: options.databaseUrl } : database.config;
  const config = new AppConfig({ ...base, database: databaseConfig });
  const builder = Test.createTestingModule({ imports: [AppModule.forRoot(config)] });
  for (const { provide, useValue } of options.overrides ?? []) builder.overrideProvider(provide).useValue(useValue);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, rawBody: true, logger: ['error', 'warn'] });
  configureApp(app, config);
  await app.init();
  const stop = async () => {
    if (stoppedApps.has(testApp)) return;
    stoppedApps.add(testApp);
    await app.close();
  };
  const remove = previous
    ? () => (handedOver as { remove(): Promise<void> }).remove()
    : async () => {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      };
  if (previous) leftovers.delete(previous);
  const testApp: TestApp = {
    app,
    config,
    dataDir,
    stop,
    close: async () => {
      await stop();
      await leftovers.get(testApp)?.remove();
      leftovers.delete(testApp);
    },
  };
  leftovers.set(testApp, { remove });
  return testApp;
}

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
import { defaultDatabaseKind, freshDatabase, type DatabaseKind } from './database';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  /** The app's data directory (mail outbox under `outbox/`). */
  dataDir: string;
  close(): Promise<void>;
}

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
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'growth-test-'));
  const shared = options.shareWith;
  if (shared && shared.config.database.kind !== 'postgres') throw new Error('Only a PostgreSQL database can be shared by two instances');
  const database = shared
    ? { config: shared.config.database, drop: async () => undefined }
    : await freshDatabase(options.database ?? defaultDatabaseKind());
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PGLITE_DIR: 'memory',
    REDIS_URL: process.env.REDIS_URL,
    QUEUE_PREFIX: shared?.config.queuePrefix ?? `test-${randomBytes(4).toString('hex')}`,
    ...options.env,
  });
  const databaseConfig =
    options.databaseUrl && database.config.kind === 'postgres' ? { ...database.config, url: options.databaseUrl } : database.config;
  const config = new AppConfig({ ...base, database: databaseConfig });
  const builder = Test.createTestingModule({ imports: [AppModule.forRoot(config)] });
  for (const { provide, useValue } of options.overrides ?? []) builder.overrideProvider(provide).useValue(useValue);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, rawBody: true, logger: ['error', 'warn'] });
  configureApp(app, config);
  await app.init();
  return {
    app,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

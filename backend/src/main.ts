import 'reflect-metadata';
import { ConsoleLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { ConfigError, DEV_ADMIN, loadConfig, type AppConfig } from './platform/config/app-config';
import { configureApp } from './platform/http/configure-app';
import { stopOnSignals } from './platform/http/http-drain';

/** What each PROCESS_ROLE does, for the start banner (docs/operations.md). */
const ROLE_LINES: Record<AppConfig['role'], string> = {
  all: 'all (serves HTTP and runs the jobs)',
  web: 'web (serves HTTP and enqueues; worker processes run the jobs)',
  worker: 'worker (runs the jobs and the repeating jobs; HTTP: /api/health only)',
};

function describeStart(config: AppConfig): string {
  const database = config.database.kind === 'pglite' ? `PGlite (embedded) in ${config.database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines =
    config.role === 'worker'
      ? [`Growth storefront worker is running (health: http://localhost:${config.port}/api/health)`]
      : [`Growth storefront is running at http://localhost:${config.port}`, `  API docs:  http://localhost:${config.port}/api/docs`];
  lines.push(
    `  role:      ${ROLE_LINES[config.role]}`,
    `  database:  ${database}`,
    `  queue:     ${config.redisUrl ? 'BullMQ on Redis (REDIS_URL)' : 'in-process'}`,
    `  mail:      ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `outbox: printed here and kept in ${config.dataDir}/outbox`}`,
    `  payments:  ${config.payments.provider}`,
  );
  if (config.role !== 'worker' && config.admin.email === DEV_ADMIN.email && config.admin.password === DEV_ADMIN.password) {
    lines.push(`  admin:     ${DEV_ADMIN.email} / ${DEV_ADMIN.password} (development credentials, at /admin/login)`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    rawBody: true,
    logger: new ConsoleLogger({ json: config.production, logLevels: config.logLevel === 'silent' ? [] : undefined }),
  });
  configureApp(app, config);
  stopOnSignals(app, config.shutdownTimeoutMs);
  // A worker listens too, but answers /api/health only (configureApp): a probe for its orchestrator.
  await app.listen(config.port, config.host);
  console.log(describeStart(config));
}

main().catch((error: Error) => {
  console.error(`The server could not start: ${error.message}`);
  process.exit(1);
});

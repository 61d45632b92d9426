import 'reflect-metadata';
import { ConsoleLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { ConfigError, DEV_ADMIN, loadConfig, type AppConfig } from './platform/config/app-config';
import { configureApp } from './platform/http/configure-app';
import { stopOnSignals } from './platform/http/http-drain';

function describeStart(config: AppConfig): string {
  const database = config.database.kind === 'pglite' ? `PGlite (embedded) in ${config.database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    `Growth storefront is running at http://localhost:${config.port}`,
    `  API docs:  http://localhost:${config.port}/api/docs`,
    `  database:  ${database}`,
    `  queue:     ${config.redisUrl ? 'BullMQ on Redis (REDIS_URL)' : 'in-process'}`,
    `  mail:      ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `outbox: printed here and kept in ${config.dataDir}/outbox`}`,
    `  payments:  ${config.payments.provider}`,
  ];
  if (config.admin.email === DEV_ADMIN.email && config.admin.password === DEV_ADMIN.password) {
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
  await app.listen(config.port, config.host);
  console.log(describeStart(config));
}

main().catch((error: Error) => {
  console.error(`The server could not start: ${error.message}`);
  process.exit(1);
});

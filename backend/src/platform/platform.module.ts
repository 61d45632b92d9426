import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { AppConfig } from './config/app-config';
import { DatabaseModule } from './database/database.module';
import { RuntimeConfigController } from './frontends/runtime-config.controller';
import { HealthController } from './health/health.controller';
import { FastLane } from './http/fast-lane';
import { ChangeEvents } from './events/change-events';
import { RequestLog } from './http/request-log';
import { MailModule } from './mail/mail.module';
import type { QueueName } from './queue/job-queue.port';
import { QueueModule } from './queue/queue.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { Clock, SystemClock } from './time/clock';

/**
 * Cross-cutting plumbing every module may use: configuration, clock, database, queue, mail, auth, rate
 * limits, audit log, change events. `queues`: the queues the modules named (platform names only mail's).
 */
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig, queues: readonly QueueName[] = []): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      imports: [DatabaseModule, QueueModule.forRoot(config, queues), MailModule, AuthModule, RateLimitModule, AuditModule],
      controllers: [HealthController, RuntimeConfigController],
      providers: [{ provide: AppConfig, useValue: config }, { provide: Clock, useClass: SystemClock }, RequestLog, FastLane, ChangeEvents],
      exports: [AppConfig, Clock, RequestLog, FastLane, RateLimitModule, DatabaseModule, ChangeEvents],
    };
  }
}

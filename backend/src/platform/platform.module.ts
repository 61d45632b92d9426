import { type DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { DatabaseModule } from './database/database.module';
import { RuntimeConfigController } from './frontends/runtime-config.controller';
import { HealthController } from './health/health.controller';
import { FastLane } from './http/fast-lane';
import { RequestLog } from './http/request-log';
import { MailModule } from './mail/mail.module';
import { QueueModule } from './queue/queue.module';

/** Cross-cutting plumbing every module may use: configuration, database, queue, mail. */
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      imports: [DatabaseModule, QueueModule.forRoot(config), MailModule],
      controllers: [HealthController, RuntimeConfigController],
      providers: [{ provide: AppConfig, useValue: config }, RequestLog, FastLane],
      exports: [AppConfig, RequestLog, FastLane],
    };
  }
}

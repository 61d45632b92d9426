import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule } from '@nestjs/bullmq';
import type { AppConfig } from '../config/app-config';
import { BullMqJobQueue, WatchedQueue, watchedWorker } from './bullmq.job-queue';
import { InProcessJobQueue } from './in-process.job-queue';
import { JobQueue, type QueueName, QueueNames, runsJobs } from './job-queue.port';
import { RepeatingJobs } from './repeating-jobs';

/** redis://user:pass@host:port/db → the connection options BullMQ hands to ioredis. */
export function redisOptions(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * Binds the JobQueue port: BullMQ when REDIS_URL is set, the in-process queue otherwise. Under BullMQ
 * a web process registers no worker (@nestjs/bullmq's `manualRegistration` leaves the processors'
 * workers unmade), so every job it enqueues runs in a worker process. `queues`: the modules' queues. RepeatingJobs keeps the modules' repeating jobs scheduled on either.
 */
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig, queues: readonly QueueName[] = []): DynamicModule {
    const names = new QueueNames([...queues]);
    if (config.redisUrl) {
      // Queues and workers that listen to their Redis errors from the start.
      BullModule.queueClass = WatchedQueue;
      BullModule.workerClass = watchedWorker(config.queueLockMs);
      return {
        module: QueueModule,
        global: true,
        imports: [
          DiscoveryModule,
          BullModule.forRoot({
            connection: redisOptions(config.redisUrl),
            prefix: config.queuePrefix,
            extraOptions: { manualRegistration: !runsJobs(config.role) },
          }),
          BullModule.registerQueue(...names.all.map((name) => ({ name }))),
        ],
        providers: [{ provide: QueueNames, useValue: names }, { provide: JobQueue, useClass: BullMqJobQueue }, RepeatingJobs],
        exports: [JobQueue, RepeatingJobs],
      };
    }
    return {
      module: QueueModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [{ provide: JobQueue, useClass: InProcessJobQueue }, RepeatingJobs],
      exports: [JobQueue, RepeatingJobs],
    };
  }
}

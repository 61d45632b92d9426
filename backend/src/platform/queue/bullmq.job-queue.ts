import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { JobQueue, type QueueName, type ServiceState } from './job-queue.port';

/** Retries with back-off, and bounded history kept in Redis. */
export const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: 1_000,
  removeOnFail: 5_000,
} as const;

@Injectable()
export class BullMqJobQueue extends JobQueue {
  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  private queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  async enqueue(queue: QueueName, jobName: string, data: object): Promise<void> {
    await this.queue(queue).add(jobName, data, JOB_OPTIONS);
  }

  async repeat(queue: QueueName, jobName: string, everyMs: number): Promise<void> {
    await this.queue(queue).upsertJobScheduler(
      jobName,
      { every: everyMs },
      { name: jobName, data: {}, opts: { attempts: 1, removeOnComplete: true, removeOnFail: 100 } },
    );
  }

  async state(): Promise<ServiceState> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer within 2 s')), 2_000);
    });
    try {
      // A real round trip to Redis: with retries on, a dead Redis would make it wait forever, hence the timeout.
      const counts = await Promise.race([this.queue('mail').getJobCounts('waiting', 'active', 'failed'), timeout]);
      return { kind: 'bullmq', ok: true, detail: `mail queue: ${counts.waiting} waiting, ${counts.active} active, ${counts.failed} failed` };
    } catch (error) {
      return { kind: 'bullmq', ok: false, detail: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }
}

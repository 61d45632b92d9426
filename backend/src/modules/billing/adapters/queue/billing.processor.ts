import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { BILLING_QUEUE, JobQueue } from '../../../../platform/queue/job-queue.port';
import { ReconcileOrdersUseCase, type ReconcileReport } from '../../application/reconcile-orders.use-case';

export const RECONCILE_ORDERS_JOB = 'reconcile-orders';
/** How often the stuck-order sweep runs. */
export const RECONCILE_EVERY_MS = 60_000;

/** Runs billing's queued jobs (under BullMQ or the in-process queue). */
@Processor(BILLING_QUEUE)
export class BillingProcessor extends WorkerHost {
  constructor(private readonly reconcile: ReconcileOrdersUseCase) {
    super();
  }

  async process(job: Job): Promise<ReconcileReport> {
    if (job.name !== RECONCILE_ORDERS_JOB) throw new Error(`Unknown billing job "${job.name}"`);
    return this.reconcile.execute();
  }
}

/** Puts the stuck-order sweep on the queue's schedule at start (one schedule across instances). */
@Injectable()
export class BillingSchedule implements OnApplicationBootstrap {
  constructor(private readonly queue: JobQueue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.repeat(BILLING_QUEUE, RECONCILE_ORDERS_JOB, RECONCILE_EVERY_MS);
  }
}

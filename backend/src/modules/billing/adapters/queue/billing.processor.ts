import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JobQueue } from '../../../../platform/queue/job-queue.port';
import { BILLING_QUEUE, SETTLE_SHORTFALL_JOB } from '../../../fulfilment/application/shortfall-jobs';
import { ReconcileOrdersUseCase, type ReconcileReport } from '../../application/reconcile-orders.use-case';
import { ReconcileRefundsUseCase, type RefundReconcileReport } from '../../application/reconcile-refunds.use-case';
import { SettleShortfallUseCase, type ShortfallOutcome } from '../../application/settle-shortfall.use-case';
import { isUuid } from '../../../../kernel/uuid';

export const RECONCILE_ORDERS_JOB = 'reconcile-orders';
/** How often the stuck-order sweep runs. */
export const RECONCILE_EVERY_MS = 60_000;
/** The refund sweep: pending refunds asked about or sent again, orders finished short settled (docs/refunds.md). */
export const RECONCILE_REFUNDS_JOB = 'reconcile-refunds';

/** Runs billing's queued jobs (under BullMQ or the in-process queue). */
@Processor(BILLING_QUEUE)
export class BillingProcessor extends WorkerHost {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly reconcile: ReconcileOrdersUseCase,
    private readonly refunds: ReconcileRefundsUseCase,
    private readonly shortfall: SettleShortfallUseCase,
  ) {
    super();
  }

  async process(job: Job): Promise<ReconcileReport | (RefundReconcileReport & { shortfalls: number }) | ShortfallOutcome> {
    switch (job.name) {
      case RECONCILE_ORDERS_JOB:
        return this.reconcile.execute();
      case RECONCILE_REFUNDS_JOB: {
        const report = await this.refunds.execute();
        const shortfalls = await this.shortfall.sweep();
        if (shortfalls) this.logger.log(`Refund sweep settled ${shortfalls} order(s) finished short that no job had settled`);
        return { ...report, shortfalls };
      }
      case SETTLE_SHORTFALL_JOB: {
        const subscriptionId = (job.data as { subscriptionId?: unknown })?.subscriptionId;
        if (typeof subscriptionId !== 'string' || !isUuid(subscriptionId))
          throw new Error(`${SETTLE_SHORTFALL_JOB} needs a subscriptionId, got ${JSON.stringify(job.data)}`);
        return this.shortfall.execute(subscriptionId);
      }
      default:
        throw new Error(`Unknown billing job "${job.name}"`);
    }
  }
}

/** Puts the stuck-order sweep and the refund sweep on the queue's schedule at start (one schedule across instances). */
@Injectable()
export class BillingSchedule implements OnApplicationBootstrap {
  constructor(private readonly queue: JobQueue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.repeat(BILLING_QUEUE, RECONCILE_ORDERS_JOB, RECONCILE_EVERY_MS);
    await this.queue.repeat(BILLING_QUEUE, RECONCILE_REFUNDS_JOB, RECONCILE_EVERY_MS);
  }
}

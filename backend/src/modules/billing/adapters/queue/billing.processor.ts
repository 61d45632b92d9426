import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { RepeatingJobs } from '../../../../platform/queue/repeating-jobs';
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

/**
 * Registers the stuck-order sweep and the refund sweep as repeating jobs: the queue keeps one
 * schedule of each across instances, declared again if Redis loses it (platform/queue/repeating-jobs.ts).
 */
@Injectable()
export class BillingSchedule implements OnModuleInit {
  constructor(private readonly repeating: RepeatingJobs) {}

  onModuleInit(): void {
    this.repeating.register({ queue: BILLING_QUEUE, jobName: RECONCILE_ORDERS_JOB, everyMs: RECONCILE_EVERY_MS });
    this.repeating.register({ queue: BILLING_QUEUE, jobName: RECONCILE_REFUNDS_JOB, everyMs: RECONCILE_EVERY_MS });
  }
}

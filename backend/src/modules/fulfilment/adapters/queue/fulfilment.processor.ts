import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { AppConfig } from '../../../../platform/config/app-config';
import { RepeatingJobs } from '../../../../platform/queue/repeating-jobs';
import { PlaceOrderUseCase, type PlaceOrderOutcome } from '../../application/place-order.use-case';
import { FULFILMENT_QUEUE, FULFILMENT_SYNC_JOB, PLACE_ORDER_JOB, type PlaceOrderJobData } from '../../application/placement-jobs';
import { ProviderPanel } from '../../application/provider-panel.port';
import { SyncFulfilmentUseCase, type SyncReport } from '../../application/sync-fulfilment.use-case';
import { type RefillSyncReport, SyncRefillsUseCase } from '../../application/sync-refills.use-case';

/** Runs the fulfilment queue's jobs (under BullMQ or the in-process queue): placing one order, and the sync pass. */
@Processor(FULFILMENT_QUEUE)
export class FulfilmentProcessor extends WorkerHost {
  constructor(
    private readonly placeOrder: PlaceOrderUseCase,
    private readonly sync: SyncFulfilmentUseCase,
    private readonly refills?: SyncRefillsUseCase,
  ) {
    super();
  }

  async process(job: Job): Promise<PlaceOrderOutcome | SyncReport | (SyncReport & { refills: RefillSyncReport | null })> {
    switch (job.name) {
      case PLACE_ORDER_JOB:
        return this.placeOrder.execute((job.data as PlaceOrderJobData).subscriptionId);
      case FULFILMENT_SYNC_JOB: {
        const { failure, ...report } = await this.sync.execute();
        // Like the stuck-order sweep: what was stored stays; the job fails so the queue records it.
        if (failure) throw new Error(`Fulfilment sync stopped after ${report.requests} status call(s): ${failure}`);
        // Then the open refills (docs/refill.md, "Following").
        const refills = (await this.refills?.execute()) ?? null;
        if (refills?.failure) throw new Error(`Refill sync stopped after ${refills.requests} refill_status call(s): ${refills.failure}`);
        return { ...report, refills };
      }
      default:
        throw new Error(`Unknown fulfilment job "${job.name}"`);
    }
  }
}

/**
 * Registers the sync pass as a repeating job, every FULFILMENT_SYNC_EVERY_MS: the queue keeps one
 * schedule across instances, declared again if Redis loses it (platform/queue/repeating-jobs.ts). Not with the manual panel: there is nothing to follow, and the pass
 * would do nothing (a schedule left in Redis from an earlier api-v2 run is harmless for the same
 * reason). Orders queued by an earlier api-v2 run wait until the panel is on again or staff cancel them.
 */
@Injectable()
export class FulfilmentSchedule implements OnModuleInit {
  private readonly logger = new Logger('Fulfilment');

  constructor(
    private readonly repeating: RepeatingJobs,
    private readonly panel: ProviderPanel,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.panel.enabled) return;
    this.repeating.register({ queue: FULFILMENT_QUEUE, jobName: FULFILMENT_SYNC_JOB, everyMs: this.config.fulfilment.syncEveryMs });
    this.logger.log(`Orders of mapped tiers are placed with the ${this.panel.name} provider panel; statuses are synced every ${this.config.fulfilment.syncEveryMs} ms`);
  }
}

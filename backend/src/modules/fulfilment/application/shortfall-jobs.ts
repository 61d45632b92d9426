import { Injectable, Logger } from '@nestjs/common';
import { JobQueue } from '../../../platform/queue/job-queue.port';

/**
 * Billing's queue (the stuck-order sweep, the refund sweep and automatic refunds) and its job
 * `{ subscriptionId }` that refunds what an order did not deliver (docs/refunds.md). The contract is
 * written here, beside the one producer, because billing depends on fulfilment and not the other way
 * round; billing's processor reads both names from here.
 */
export const BILLING_QUEUE = 'billing';
export const SETTLE_SHORTFALL_JOB = 'settle-shortfall';
export interface SettleShortfallJobData {
  subscriptionId: string;
}

/** Final Status values that deliver less than was bought: Partial, Canceled, Refunded (the kernel's table). */
export { SHORT_STATUSES } from '../../../kernel/order-status';

/**
 * Tells billing that orders finished short, so it refunds what was not delivered (docs/refunds.md):
 * one `settle-shortfall` job per order, its id derived from the order so a repeat adds nothing.
 * Never throws: billing's refund sweep settles every order finished short that no job settled, so a
 * queue that is away only delays the refund (logged).
 */
@Injectable()
export class ShortfallJobs {
  private readonly logger = new Logger('Fulfilment');

  constructor(private readonly queue: JobQueue) {}

  async enqueue(subscriptionIds: string[]): Promise<void> {
    for (const subscriptionId of subscriptionIds) {
      try {
        await this.queue.enqueue(BILLING_QUEUE, SETTLE_SHORTFALL_JOB, { subscriptionId } satisfies SettleShortfallJobData, { jobId: `shortfall-${subscriptionId}` });
      } catch (error) {
        this.logger.warn(
          `Order ${subscriptionId} finished short, but its refund job could not be enqueued (${(error as Error).message}); billing's refund sweep settles it`,
        );
      }
    }
  }
}

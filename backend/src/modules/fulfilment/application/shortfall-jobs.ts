import { Injectable, Logger } from '@nestjs/common';
import { BILLING_QUEUE, JobQueue, SETTLE_SHORTFALL_JOB } from '../../../platform/queue/job-queue.port';

/** Final Status values that deliver less than was bought: Partial, Canceled, Refunded. */
export const SHORT_STATUSES: readonly number[] = [2, 3, 4];

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
        await this.queue.enqueue(BILLING_QUEUE, SETTLE_SHORTFALL_JOB, { subscriptionId }, { jobId: `shortfall-${subscriptionId}` });
      } catch (error) {
        this.logger.warn(
          `Order ${subscriptionId} finished short, but its refund job could not be enqueued (${(error as Error).message}); billing's refund sweep settles it`,
        );
      }
    }
  }
}

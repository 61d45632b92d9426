import { Injectable, Logger } from '@nestjs/common';
import { JobQueue } from '../../../platform/queue/job-queue.port';

/** Automatic fulfilment (docs/fulfilment.md): placing paid orders with the upstream provider, and its status sync. */
export const FULFILMENT_QUEUE = 'fulfilment';
/** The fulfilment queue's job names. */
export const PLACE_ORDER_JOB = 'place-order';
export const FULFILMENT_SYNC_JOB = 'fulfilment-sync';

export interface PlaceOrderJobData {
  subscriptionId: string;
}

/**
 * The place-order job's id: one per time the order was queued, so enqueueing the same queueing twice
 * adds nothing (BullMQ keeps a job id known for a day), while a retry by staff (a new queuedAt) gets a
 * job of its own.
 */
export function placeOrderJobId(subscriptionId: string, queuedAt: Date): string {
  return `place-${subscriptionId}-${queuedAt.getTime()}`;
}

/**
 * Puts place-order jobs on the fulfilment queue. Never throws: an order whose job could not be
 * enqueued (Redis away) stays `queued` in the database, and the sync pass enqueues it again once it
 * has waited past RESEND_QUEUED_AFTER_MS, so a failure here is only logged.
 */
@Injectable()
export class PlacementJobs {
  private readonly logger = new Logger('Fulfilment');

  constructor(private readonly queue: JobQueue) {}

  /**
   * Enqueues the placing of the order queued at `queuedAt`. `again` marks a re-enqueue by the sync
   * pass: it gets an id of its own (`…-again-<pass ms>`), since the first job may be kept failed in
   * BullMQ under the first id; a second job for one order is harmless (only one can claim it).
   */
  async enqueue(subscriptionId: string, queuedAt: Date, again?: Date): Promise<boolean> {
    const jobId = placeOrderJobId(subscriptionId, queuedAt) + (again ? `-again-${again.getTime()}` : '');
    const data: PlaceOrderJobData = { subscriptionId };
    try {
      await this.queue.enqueue(FULFILMENT_QUEUE, PLACE_ORDER_JOB, data, { jobId });
      return true;
    } catch (error) {
      this.logger.warn(
        `Order ${subscriptionId} is queued for the provider, but its job could not be enqueued (${(error as Error).message}); the next sync pass enqueues it again`,
      );
      return false;
    }
  }
}

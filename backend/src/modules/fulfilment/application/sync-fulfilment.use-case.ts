import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../platform/time/clock';
import { FulfilmentLedger, type OpenUpstreamOrder, type UpstreamUpdate } from '../../subscriptions/application/fulfilment-ledger.port';
import { interpretUpstreamStatus } from '../domain/upstream-status';
import { PlacementJobs } from './placement-jobs';
import { SHORT_STATUSES, ShortfallJobs } from './shortfall-jobs';
import { ProviderPanel, type ProviderOrderStatus, STATUS_BATCH } from './provider-panel.port';

/**
 * A `placing` older than the panel's call timeout plus this was cut short: its call can no longer be
 * running (the app stopped during it). The margin covers clock differences between instances.
 */
export const ABANDON_PLACING_MARGIN_MS = 30_000;
/** A `queued` order waiting longer than this lost its job (the enqueue failed, or the queue lost it): it is enqueued again. */
export const RESEND_QUEUED_AFTER_MS = 30_000;
/** At most this many status calls per pass (100,000 orders); the next pass goes on with the rest, least recently checked first. */
export const MAX_BATCHES_PER_PASS = 1_000;
/**
 * Status calls under way at once. A real panel answers in 100–500 ms, so one call at a time would
 * make 10,000 orders a pass of 10–50 s; a few in flight keep it a few seconds without hammering the
 * panel (each call still carries at most STATUS_BATCH ids).
 */
export const CALLS_IN_FLIGHT = 4;
/**
 * An order the provider keeps answering with an error for ("Incorrect order ID": deleted on the
 * panel, a wrong id linked…) goes to review once it was placed longer ago than this; before, the
 * error may be a panel that does not report a brand-new order yet.
 */
export const REVIEW_UNREPORTED_AFTER_MS = 60 * 60_000;
export const unreportedNote = (upstreamOrderId: string, error: string) =>
  `The provider does not report order ${upstreamOrderId} (${error}): check its panel, then link the right order, retry or cancel.`;
/** At most this many lost jobs are enqueued again per pass. */
const RESEND_LIMIT = 1_000;

export const ABANDONED_NOTE = 'The app stopped while this order was being placed: check the provider panel, then link the order, retry or cancel.';

export interface SyncReport {
  /** Open orders asked about. */
  orders: number;
  /** `status` calls made (each for at most 100 orders). */
  requests: number;
  /** Orders whose status answer was stored (start count, remains, charge, status text). */
  updated: number;
  /** Orders the provider reported final (Completed, Partial, Canceled, Refunded): done. */
  finished: number;
  /** Wall time of the pass. */
  ms: number;
}

export interface SyncResult extends SyncReport {
  /** Why the pass stopped early: a status call failed (the provider's words); null when it went through. */
  failure: string | null;
}

/**
 * One fulfilment sync pass (the repeating 'fulfilment-sync' job, and the admin's "Check now"):
 * 1. `placing` orders older than the call timeout + 30 s → `needs_review` (the app stopped while placing them;
 *    never placed again blindly);
 * 2. `queued` orders older than 30 s → their place-order job is enqueued again;
 * 3. the open orders in batches of STATUS_BATCH (100), least recently checked first: one `status`
 *    call per batch, CALLS_IN_FLIGHT (4) under way at once, the answers stored in one write per batch (final words end the order with their
 *    Status, other words keep it open with the raw text), until every open order was asked once.
 * An order the provider answers with an error for keeps its facts and gets the error as note; once it
 * was placed over an hour ago it goes to review instead of being asked forever.
 * Orders finished short (Partial, Canceled, Refunded) are handed to billing, which refunds what was
 * not delivered (docs/refunds.md).
 * A failed status call stops the pass (what was stored stays); the result says why.
 * With the manual panel the pass does nothing.
 */
@Injectable()
export class SyncFulfilmentUseCase {
  private readonly logger = new Logger('Fulfilment');

  constructor(
    private readonly ledger: FulfilmentLedger,
    private readonly panel: ProviderPanel,
    private readonly jobs: PlacementJobs,
    private readonly clock: Clock,
    private readonly shortfalls: ShortfallJobs,
  ) {}

  async execute(): Promise<SyncResult> {
    const started = Date.now();
    const result: SyncResult = { orders: 0, requests: 0, updated: 0, finished: 0, ms: 0, failure: null };
    if (!this.panel.enabled) return result;
    const passStart = this.clock.now();

    const abandoned = await this.ledger.abandonPlacingBefore(new Date(passStart.getTime() - this.panel.callTimeoutMs - ABANDON_PLACING_MARGIN_MS), ABANDONED_NOTE, passStart);
    if (abandoned.length) {
      this.logger.warn(`${abandoned.length} order(s) were left 'placing' (the app stopped during the call) and now need review: ${abandoned.join(', ')}`);
    }

    const lost = await this.ledger.queuedBefore(new Date(passStart.getTime() - RESEND_QUEUED_AFTER_MS), RESEND_LIMIT);
    for (const order of lost) await this.jobs.enqueue(order.subscriptionId, order.queuedAt, passStart);

    let calls = 0;
    while (calls < MAX_BATCHES_PER_PASS && result.failure === null) {
      const inFlight = Math.min(CALLS_IN_FLIGHT, MAX_BATCHES_PER_PASS - calls);
      const open = await this.ledger.openOrders(passStart, STATUS_BATCH * inFlight);
      if (open.length === 0) break;
      const batches: OpenUpstreamOrder[][] = [];
      for (let i = 0; i < open.length; i += STATUS_BATCH) batches.push(open.slice(i, i + STATUS_BATCH));
      calls += batches.length;
      result.requests += batches.length;
      result.orders += open.length;
      // Each batch's answers are stored as soon as they come; a failed call ends the pass after the
      // calls already under way have been stored.
      await Promise.all(
        batches.map(async (batch) => {
          let answers: Map<string, ProviderOrderStatus | { error: string }>;
          try {
            answers = await this.panel.statuses(batch.map((order) => order.upstreamOrderId));
          } catch (error) {
            result.failure ??= (error as Error).message;
            this.logger.error(`Fulfilment sync stopped: the status call for ${batch.length} orders failed (${(error as Error).message}); the next pass goes on`);
            return;
          }
          const reviewBefore = passStart.getTime() - REVIEW_UNREPORTED_AFTER_MS;
          const updates = batch.map((order) => {
            const update = updateOf(order, answers.get(order.upstreamOrderId));
            if (update.error === undefined || order.placedAt === null || order.placedAt.getTime() >= reviewBefore) return update;
            return { ...update, error: unreportedNote(order.upstreamOrderId, update.error), review: true };
          });
          await this.ledger.recordUpstream(updates, this.clock.now());
          await this.shortfalls.enqueue(updates.filter((u) => u.finalStatus !== undefined && SHORT_STATUSES.includes(u.finalStatus)).map((u) => u.subscriptionId));
          for (const update of updates) {
            if (update.error === undefined) result.updated += 1;
            if (update.finalStatus !== undefined) result.finished += 1;
          }
        }),
      );
      if (open.length < STATUS_BATCH * inFlight) break;
    }

    result.ms = Date.now() - started;
    if (result.orders || abandoned.length || lost.length) {
      const { failure: _failure, ...report } = result;
      this.logger.log(`Fulfilment sync: ${JSON.stringify(report)}${lost.length ? `, ${lost.length} lost job(s) enqueued again` : ''}`);
    }
    return result;
  }
}

/**
 * What one order's answer changes: its facts and, for a final word, its Status; or the provider's
 * error for that id. Also how a linked order's first answer is stored (LinkUpstreamOrderUseCase).
 */
export function updateOf(order: Pick<OpenUpstreamOrder, 'subscriptionId'>, answer: ProviderOrderStatus | { error: string } | undefined): UpstreamUpdate {
  const unknown = { upstreamStatus: null, charge: null, currency: null, startCount: null, remains: null };
  if (!answer) return { subscriptionId: order.subscriptionId, ...unknown, error: 'The provider did not report this order' };
  if ('error' in answer) return { subscriptionId: order.subscriptionId, ...unknown, error: answer.error };
  const word = interpretUpstreamStatus(answer.status);
  return {
    subscriptionId: order.subscriptionId,
    upstreamStatus: word.raw,
    charge: answer.charge,
    currency: answer.currency,
    startCount: answer.startCount,
    remains: answer.remains,
    ...(word.finalStatus !== undefined ? { finalStatus: word.finalStatus } : {}),
  };
}

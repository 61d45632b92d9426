import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../platform/time/clock';
import { CompletionMails } from '../../subscriptions/application/completion-mails';
import { FulfilmentLedger, type OpenUpstreamOrder, type UpstreamUpdate } from '../application/fulfilment-ledger.port';
import { boundedText } from '../domain/bounded-text';
import { PlacementJobs } from './placement-jobs';
import { askNarrowing, CALLS_IN_FLIGHT, REVIEW_UNREPORTED_AFTER_MS, updateOf } from './upstream-sync';
import { SHORT_STATUSES, ShortfallJobs } from './shortfall-jobs';
import { PROVIDER_ERROR_CHARS, ProviderPanel, type ProviderOrderStatus, STATUS_BATCH } from './provider-panel.port';

type Answers = Map<string, ProviderOrderStatus | { error: string }>;
/** A batch asked: the answers had, the orders whose call failed (with why), and why the pass stops (null: it goes on). */
interface Asked {
  answers: Answers;
  failed: Array<{ order: OpenUpstreamOrder; why: string }>;
  stop: string | null;
}

/** A `queued` order waiting longer than this lost its job (the enqueue failed, or the queue lost it): it is enqueued again. */
export const RESEND_QUEUED_AFTER_MS = 30_000;
/** At most this many status calls per pass (100,000 orders); the next pass goes on with the rest, least recently checked first. */
export const MAX_BATCHES_PER_PASS = 1_000;
export const unreportedNote = (upstreamOrderId: string, error: string) =>
  `The provider does not report order ${upstreamOrderId} (${error}): check its panel, then link the right order, retry or cancel.`;
/** At most this many lost jobs are enqueued again per pass. */
const RESEND_LIMIT = 1_000;

export const ABANDONED_NOTE = 'The app stopped while this order was being placed: check the provider panel, then link the order, retry or cancel.';
/** The note of an order whose status call failed (alone, or with its batch when the panel failed): asked again on the next pass. */
export const statusCallFailedNote = (why: string) => `The provider's status answer for this order failed (${why}); it is asked again on the next pass.`;
/** The note of an order whose answer could not be stored: asked again on the next pass, staff may check it meanwhile. */
export const unstoredNote = (upstreamOrderId: string, why: string) =>
  `The provider's answer about order ${upstreamOrderId} could not be stored (${why}); it is asked again on the next pass. Check it on the provider panel if this stays.`;

export interface SyncReport {
  /** Open orders asked about. */
  orders: number;
  /** `status` calls made (each for at most 100 orders). */
  requests: number;
  /** Orders whose status answer was stored (start count, remains, charge, status text). */
  updated: number;
  /** Orders the provider reported final (Completed, Partial, Canceled, Refunded): done. */
  finished: number;
  /**
   * Orders set aside with a note for staff: their status call failed, or their answer could not be
   * stored. Each has a note and checkedAt = now: asked again on the next pass; the rest of this one goes on.
   */
  unsynced: number;
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
 * was placed over an hour ago it goes to review instead of being asked forever. Values that cannot be
 * true are not kept; the order's note names them (domain/upstream-answer.ts, docs/fulfilment.md).
 * Orders finished short (Partial, Canceled, Refunded) are handed to billing, which refunds what was
 * not delivered (docs/refunds.md).
 *
 * No answer stops the pass for the others (docs/fulfilment.md, "One answer never stops the rest"):
 * - a batch whose write fails is written order by order; an order whose own write fails gets a note
 *   for staff and checkedAt = now, so it takes its turn again on the next pass instead of coming
 *   first and failing its batch every pass;
 * - a status call that fails is narrowed down: its two halves are asked; when one answers and the
 *   other fails, the failing half is split again, down to the one order whose answer fails: that
 *   order is noted (checkedAt = now) and the pass goes on. When both halves fail it is the panel, not
 *   one answer (down, refusing the key): the pass stops (what was stored stays, the result says why)
 *   and the batch is noted, so the next pass first asks the orders this one did not reach. A timeout
 *   or an unreachable panel stops the pass at once (asking again would wait as long).
 * Only when even those notes cannot be written (the database is away) does the pass throw.
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
    private readonly completionMails?: CompletionMails,
  ) {}

  async execute(): Promise<SyncResult> {
    const started = Date.now();
    const result: SyncResult = { orders: 0, requests: 0, updated: 0, finished: 0, unsynced: 0, ms: 0, failure: null };
    if (!this.panel.enabled) return result;
    const passStart = this.clock.now();

    const abandoned = await this.ledger.abandonPlacingBefore(new Date(passStart.getTime() - this.panel.callOverAfterMs), ABANDONED_NOTE, passStart);
    if (abandoned.length) {
      this.logger.warn(`${abandoned.length} order(s) were left 'placing' (the app stopped during the call) and now need review: ${abandoned.join(', ')}`);
    }

    const lost = await this.ledger.queuedBefore(new Date(passStart.getTime() - RESEND_QUEUED_AFTER_MS), RESEND_LIMIT);
    for (const order of lost) await this.jobs.enqueue(order.subscriptionId, order.queuedAt, passStart);

    let calls = 0;
    const broken: Error[] = [];
    while (calls < MAX_BATCHES_PER_PASS && result.failure === null && broken.length === 0) {
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
        batches.map((batch) =>
          this.syncBatch(batch, passStart, result).catch((error: unknown) => {
            broken.push(error instanceof Error ? error : new Error(String(error)));
          }),
        ),
      );
      if (open.length < STATUS_BATCH * inFlight) break;
    }

    // The customers of orders finished Completed get their mail, once each (any a pass missed, too).
    await this.mailCompleted();

    result.ms = Date.now() - started;
    if (result.orders || abandoned.length || lost.length) {
      const { failure: _failure, ...report } = result;
      this.logger.log(`Fulfilment sync: ${JSON.stringify(report)}${lost.length ? `, ${lost.length} lost job(s) enqueued again` : ''}`);
    }
    if (broken.length) throw broken[0];
    return result;
  }

  /** Never stops the pass: a mail not written now is written by a later pass (its claim rolled back with it). */
  private async mailCompleted(): Promise<void> {
    if (!this.completionMails) return;
    try {
      for (let round = 0; round < 20; round++) if ((await this.completionMails.sendDue(500)) < 500) break;
    } catch (error) {
      this.logger.error(`The "order completed" mails could not be written (${reasonOf(error)}); the next pass writes them`);
    }
  }

  /** One status call (narrowed down when it fails) and the storing of its answers; throws only when not even a note can be written. */
  private async syncBatch(batch: OpenUpstreamOrder[], passStart: Date, result: SyncResult): Promise<void> {
    const { answers, failed, stop } = await this.ask(batch, result);
    if (stop !== null) {
      result.failure ??= stop;
      this.logger.error(
        `Fulfilment sync stopped: the status call for ${batch.length} orders failed (${stop}); the next pass asks the orders this one did not reach first`,
      );
    } else {
      for (const { order, why } of failed) {
        this.logger.error(
          `Order ${order.subscriptionId}: the provider's status answer about order ${order.upstreamOrderId} fails (${why}); it is asked again on the next pass`,
        );
      }
    }
    const failedIds = new Set(failed.map(({ order }) => order.subscriptionId));

    const reviewBefore = passStart.getTime() - REVIEW_UNREPORTED_AFTER_MS;
    const updates: Array<{ order: OpenUpstreamOrder; update: UpstreamUpdate }> = [];
    const unstored: Array<{ subscriptionId: string; note: string }> = failed.map(({ order, why }) => ({
      subscriptionId: order.subscriptionId,
      note: statusCallFailedNote(why),
    }));
    for (const order of batch) {
      if (failedIds.has(order.subscriptionId)) continue;
      try {
        const update = updateOf(order, answers.get(order.upstreamOrderId));
        const review = update.error !== undefined && order.placedAt !== null && order.placedAt.getTime() < reviewBefore;
        updates.push({ order, update: review ? { ...update, error: unreportedNote(order.upstreamOrderId, update.error as string), review: true } : update });
      } catch (error) {
        unstored.push(this.unstored(order, error));
      }
    }

    const stored = await this.store(updates, unstored);
    await this.shortfalls.enqueue(stored.filter((u) => u.finalStatus !== undefined && SHORT_STATUSES.includes(u.finalStatus)).map((u) => u.subscriptionId));
    for (const update of stored) {
      if (update.error === undefined) result.updated += 1;
      if (update.finalStatus !== undefined) result.finished += 1;
    }
    if (unstored.length) await this.setAside(unstored, result);
  }

  /** Asks the statuses of a batch; a call that fails is narrowed down to the orders it fails for (see the class; upstream-sync.ts). */
  private async ask(batch: OpenUpstreamOrder[], result: SyncResult): Promise<Asked> {
    const asked = await askNarrowing<OpenUpstreamOrder, ProviderOrderStatus | { error: string }>(
      batch,
      (orders) => this.panel.statuses(orders.map((order) => order.upstreamOrderId)),
      (calls) => {
        result.requests += calls;
      },
    );
    return { answers: asked.answers, failed: asked.failed.map(({ item, why }) => ({ order: item, why })), stop: asked.stop };
  }

  /**
   * Stores a batch's updates in one write; should that fail, one write per order, so one answer the
   * database refuses costs only its own order (added to `unstored`). Returns what was stored.
   */
  private async store(
    updates: Array<{ order: OpenUpstreamOrder; update: UpstreamUpdate }>,
    unstored: Array<{ subscriptionId: string; note: string }>,
  ): Promise<UpstreamUpdate[]> {
    if (updates.length === 0) return [];
    try {
      await this.ledger.recordUpstream(
        updates.map((u) => u.update),
        this.clock.now(),
      );
      return updates.map((u) => u.update);
    } catch (error) {
      this.logger.warn(`Storing the answers of ${updates.length} orders in one write failed (${reasonOf(error)}); storing them one by one`);
    }
    const stored: UpstreamUpdate[] = [];
    for (const { order, update } of updates) {
      try {
        await this.ledger.recordUpstream([update], this.clock.now());
        stored.push(update);
      } catch (error) {
        unstored.push(this.unstored(order, error));
      }
    }
    return stored;
  }

  private unstored(order: OpenUpstreamOrder, error: unknown): { subscriptionId: string; note: string } {
    const why = reasonOf(error);
    this.logger.error(
      `Order ${order.subscriptionId}: the provider's answer about order ${order.upstreamOrderId} could not be stored (${why}); it is asked again on the next pass`,
    );
    return { subscriptionId: order.subscriptionId, note: unstoredNote(order.upstreamOrderId, why) };
  }

  /** Notes the orders for staff, checkedAt = now (asked again on the next pass, not again in this one). Throws when even that cannot be written. */
  private async setAside(notes: Array<{ subscriptionId: string; note: string }>, result: SyncResult): Promise<void> {
    await this.ledger.noteUnsynced(notes, this.clock.now());
    result.unsynced += notes.length;
  }
}

/** An error's message, bounded for a note or a log line. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return boundedText(text, PROVIDER_ERROR_CHARS) ?? 'no reason given';
}

import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../platform/time/clock';
import { type OpenRefill, RefillLedger, type RefillUpdate } from '../application/refill-ledger.port';
import { readRefillWord } from '../domain/refill';
import { boundedText } from '../domain/bounded-text';
import { UPSTREAM_BOUNDS } from '../domain/fulfilment';
import { CONNECTION_CLOSED_MESSAGE, PROVIDER_ERROR_CHARS, ProviderError, ProviderPanel, STATUS_BATCH } from './provider-panel.port';
import { REFILL_ABANDONED_NOTE } from './refill-notes';
import { CALLS_IN_FLIGHT, narrowFailedCall, type NarrowedAnswers, REVIEW_UNREPORTED_AFTER_MS } from './upstream-sync';

/** At most this many `refill_status` calls per pass; the next pass goes on with the rest. */
export const MAX_REFILL_BATCHES_PER_PASS = 200;

export const refillStatusFailedNote = (why: string) => `The provider's refill status answer failed (${why}); it is asked again on the next pass.`;
export const unreportedRefillNote = (upstreamRefillId: string, error: string) =>
  `The provider does not report refill ${upstreamRefillId} (${error}): check its panel; staff may ask for a new refill once it is closed.`;

/** A refill whose own status answer fails (its batch narrowed down to it); it stays open and is asked again on the next pass. */
export const refillOwnStatusFailedNote = (upstreamRefillId: string, why: string) =>
  `The provider's refill status answer for refill ${upstreamRefillId} fails (${why}); it is asked again on the next pass.`;
/** The same, over an hour after the request: staff take it over. */
export const refillStatusKeepsFailingNote = (upstreamRefillId: string, why: string) =>
  `The provider's refill status answer for refill ${upstreamRefillId} keeps failing (${why}): check its panel; staff may ask for a new refill once it is closed.`;

export const refillStatusUnsupportedNote = (words: string) =>
  `The provider panel no longer answers refill_status ("${words}"): this refill cannot be followed here. Check it on the panel.`;

export interface RefillSyncReport {
  /** Open refills asked about. */
  refills: number;
  /** `refill_status` calls made (each for at most 100 refills). */
  requests: number;
  /** Refills the provider reported Completed, Rejected or Canceled. */
  settled: number;
  /** Refills whose status call failed this pass (noted, asked again on the next). */
  unsynced: number;
  /** Refills left `placing` by a stopped app, moved to review. */
  abandoned: number;
  ms: number;
  /** Why the refill part stopped early (the provider's words); null when it went through. */
  failure: string | null;
}

/**
 * The refill part of the sync pass (docs/refill.md, "Following"): refills left `placing` longer
 * than a call can take go to review (never asked again blindly); then the open refills, least
 * recently checked first, STATUS_BATCH (100) per `refill_status` call, CALLS_IN_FLIGHT at once,
 * until each was asked once. Completed settles a refill `completed`; Rejected and Canceled
 * `rejected`; Pending, In progress (Inprogress…) and unknown words keep it open with the raw word.
 * An error for one id is kept for staff; after an hour of them the refill goes to review. A panel
 * that answers refill_status with "no such action" sends its batch to review (asking again would
 * not help). A call that fails otherwise is narrowed down as the orders' status calls are
 * (askNarrowing, docs/refill.md "Following"): down to the one refill whose answer fails, which is
 * noted and asked again on the next pass, and goes to review once requested over an hour ago (the
 * rule of an id the provider does not report), while the others of its batch are stored. When the
 * halves fail too it is the panel: the unanswered refills are noted (checkedAt = now) and this part
 * of the pass ends.
 */
@Injectable()
export class SyncRefillsUseCase {
  private readonly logger = new Logger('Refills');

  constructor(
    private readonly refills: RefillLedger,
    private readonly panel: ProviderPanel,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<RefillSyncReport> {
    const started = Date.now();
    const report: RefillSyncReport = { refills: 0, requests: 0, settled: 0, unsynced: 0, abandoned: 0, ms: 0, failure: null };
    if (!this.panel.enabled) return report;
    const passStart = this.clock.now();
    const abandoned = await this.refills.abandonPlacingBefore(new Date(passStart.getTime() - this.panel.callOverAfterMs), REFILL_ABANDONED_NOTE, passStart);
    report.abandoned = abandoned.length;
    if (abandoned.length)
      this.logger.warn(`${abandoned.length} refill(s) were left 'placing' (the app stopped during the call) and now need review: ${abandoned.join(', ')}`);

    let calls = 0;
    while (calls < MAX_REFILL_BATCHES_PER_PASS && report.failure === null) {
      const inFlight = Math.min(CALLS_IN_FLIGHT, MAX_REFILL_BATCHES_PER_PASS - calls);
      const open = await this.refills.openRefills(passStart, STATUS_BATCH * inFlight);
      if (open.length === 0) break;
      const batches: OpenRefill[][] = [];
      for (let i = 0; i < open.length; i += STATUS_BATCH) batches.push(open.slice(i, i + STATUS_BATCH));
      calls += batches.length;
      report.requests += batches.length;
      report.refills += open.length;
      await Promise.all(batches.map((batch) => this.syncBatch(batch, passStart, report)));
      if (open.length < STATUS_BATCH * inFlight) break;
    }
    report.ms = Date.now() - started;
    if (report.refills || report.abandoned) this.logger.log(`Refill sync: ${JSON.stringify(report)}`);
    return report;
  }

  /**
   * One refill_status call, asked once more when its connection was closed before an answer (a
   * kept-alive connection the panel closed meanwhile): the call only reads, so asking again is safe.
   * A timeout, an unreachable panel, a refusal or an unreadable answer is not asked again.
   */
  private async refillStatuses(batch: OpenRefill[], report: RefillSyncReport): Promise<Map<string, { status: string | null } | { error: string }>> {
    const ids = batch.map((refill) => refill.upstreamRefillId);
    try {
      return await this.panel.refillStatuses(ids);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.failure !== 'unclear' || error.timedOut || error.message !== CONNECTION_CLOSED_MESSAGE) throw error;
      report.requests += 1;
      return this.panel.refillStatuses(ids);
    }
  }

  private async syncBatch(batch: OpenRefill[], passStart: Date, report: RefillSyncReport): Promise<void> {
    type Answer = { status: string | null } | { error: string };
    let asked: NarrowedAnswers<OpenRefill, Answer>;
    try {
      asked = { answers: await this.refillStatuses(batch, report), failed: [], stop: null };
    } catch (error) {
      if (error instanceof ProviderError && error.unsupported) {
        // The panel says it has no such action: asking again will not help; staff take these over.
        const note = refillStatusUnsupportedNote(reasonOf(error));
        this.logger.warn(`${batch.length} refill(s) cannot be followed: ${note}`);
        await this.refills.recordStatuses(
          batch.map((refill) => ({ refillId: refill.refillId, upstreamStatus: null, error: note, review: true })),
          this.clock.now(),
        );
        report.unsynced += batch.length;
        return;
      }
      // Asked again in halves, down to the refill whose answer fails, as the orders' status calls
      // are: one bad id must not leave the other 99 un-followed forever.
      asked = await narrowFailedCall(
        batch,
        error,
        (refills) => this.refillStatuses(refills, report),
        (calls) => {
          report.requests += calls;
        },
      );
    }
    const { answers, failed, stop } = asked;
    const failedIds = new Set(failed.map(({ item }) => item.refillId));
    if (stop !== null) {
      report.failure ??= stop;
      this.logger.error(`Refill sync stopped: the refill_status call for ${batch.length === 1 ? '1 refill' : `${batch.length} refills`} failed (${stop})`);
      await this.refills.noteUnchecked([...failedIds], refillStatusFailedNote(stop), this.clock.now());
      report.unsynced += failedIds.size;
    }
    const reviewBefore = passStart.getTime() - REVIEW_UNREPORTED_AFTER_MS;
    const updates: RefillUpdate[] = [];
    for (const { item: refill, why } of stop === null ? failed : []) {
      const review = refill.requestedAt.getTime() < reviewBefore;
      this.logger.error(
        `Refill ${refill.refillId}: the provider's refill_status answer for refill ${refill.upstreamRefillId} fails (${why})${review ? '; it now needs review' : ''}`,
      );
      updates.push({
        refillId: refill.refillId,
        upstreamStatus: null,
        error: review ? refillStatusKeepsFailingNote(refill.upstreamRefillId, why) : refillOwnStatusFailedNote(refill.upstreamRefillId, why),
        review,
      });
    }
    for (const refill of batch) {
      if (failedIds.has(refill.refillId)) continue;
      const answer = answers.get(refill.upstreamRefillId) ?? { error: 'The provider did not report this refill' };
      if ('error' in answer) {
        const error = boundedText(answer.error, PROVIDER_ERROR_CHARS) ?? 'no reason given';
        const review = refill.requestedAt.getTime() < reviewBefore;
        updates.push({ refillId: refill.refillId, upstreamStatus: null, error: review ? unreportedRefillNote(refill.upstreamRefillId, error) : error, review });
        continue;
      }
      const upstreamStatus = answer.status === null ? null : boundedText(answer.status, UPSTREAM_BOUNDS.statusChars);
      const word = readRefillWord(upstreamStatus);
      const settle = word === 'completed' ? 'completed' : word === 'rejected' ? 'rejected' : undefined;
      updates.push({ refillId: refill.refillId, upstreamStatus, ...(settle ? { settle } : {}) });
    }
    if (updates.length === 0) return;
    try {
      await this.refills.recordStatuses(updates, this.clock.now());
    } catch (error) {
      const why = reasonOf(error);
      this.logger.error(`The answers about ${batch.length} refills could not be stored (${why}); they are asked again on the next pass`);
      await this.refills.noteUnchecked(
        batch.map((refill) => refill.refillId),
        `The provider's refill status could not be stored (${why}); it is asked again on the next pass.`,
        this.clock.now(),
      );
      report.unsynced += batch.length;
      return;
    }
    report.settled += updates.filter((u) => u.settle !== undefined).length;
    // The refills whose own answer failed were noted, not followed, this pass.
    if (stop === null) report.unsynced += failed.length;
  }
}

function reasonOf(error: unknown): string {
  const text = error instanceof ProviderError || error instanceof Error ? error.message : String(error);
  return boundedText(text, PROVIDER_ERROR_CHARS) ?? 'no reason given';
}

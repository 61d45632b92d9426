import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { updatedRows } from '../../../../platform/database/updated-rows';
import { type NewRefill, type OpenRefill, type ProviderRefillSupport, RefillLedger, type RefillUpdate } from '../../application/refill-ledger.port';
import { inStates } from '../../../../platform/database/state-condition';
import { REFILL_HISTORY } from '../../../../kernel/refill-history';
import type { RefillState } from '../../../../kernel/delivery-summary';
import { REFILL_IN_FLIGHT, REFILL_MOVES, REFILL_REQUESTED, type RefillMove } from '../../domain/refill';
import type { Subscription } from '../../../subscriptions/domain/subscription';
import { dateOf } from '../../../../platform/database/date-of';
import { SubscriptionRepository } from '../../../subscriptions/application/subscription.repository.port';
import { isUuid } from '../../../../kernel/uuid';

/** Text as PostgreSQL can hold it: without NUL characters (a text column refuses them). */
function storable(text: string | null | undefined): string | null {
  return typeof text === 'string' ? text.replace(/\u0000/g, '') : null;
}

/** A limit as a whole number from 0 to 10,000. */
function rowLimit(limit: number): number {
  return Number.isFinite(limit) ? Math.min(10_000, Math.max(0, Math.floor(limit))) : 0;
}

const epochMs = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE floor(extract(epoch FROM ${column}) * 1000)::bigint END`;

/**
 * The order's summary (docs/refill.md): its newest REFILL_HISTORY refills, newest first, times as
 * epoch milliseconds (independent of the session's time zone), on the order's fulfilments row. Read by the subscription mapper.
 */
const REWRITE_SUMMARY = `
  UPDATE fulfilments s
     SET refill_summary = (
       SELECT jsonb_build_object('history', coalesce(jsonb_agg(jsonb_build_object(
                'refillId', r.refill_id, 'state', r.state, 'actor', r.actor,
                'requestedAt', ${epochMs('r.requested_at')}, 'settledAt', ${epochMs('r.settled_at')}, 'checkedAt', ${epochMs('r.checked_at')},
                'upstreamRefillId', r.upstream_refill_id, 'upstreamStatus', r.upstream_status, 'failure', r.failure, 'unsupported', r.unsupported
              ) ORDER BY r.requested_at DESC, r.refill_id DESC), '[]'::jsonb))
         FROM (SELECT * FROM refills x WHERE x.subscription_id = s.subscription_id ORDER BY x.requested_at DESC, x.refill_id DESC LIMIT ${REFILL_HISTORY}) r)
   WHERE s.subscription_id = ANY($1::uuid[])`;

/** A move's target as an SQL literal (a state of REFILL_STATES, a lower-case word). */
const target = (move: RefillMove) => `'${move.to}'`;

// The sync's one UPDATE settles or sends to review only refills its three moves start from alike.
const SYNC_FROM = REFILL_MOVES.complete.from;
for (const move of [REFILL_MOVES.settleRejected, REFILL_MOVES.lostUpstream]) {
  if (move.from.join() !== SYNC_FROM.join()) throw new Error('refill moves: the sync moves start from different states');
}

/**
 * RefillLedger on the `refills` table (migration 1764900000000-refills). Every change is one
 * conditional `UPDATE … WHERE state IN (<the move's from>) RETURNING`, its condition and target taken
 * from REFILL_MOVES, followed by the rewrite of the touched orders' summaries, both in one
 * transaction (the caller's, or one of its own).
 */
@Injectable()
export class TypeOrmRefillLedger extends RefillLedger {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: SubscriptionRepository,
  ) {
    super();
  }

  async lockSubscription(subscriptionId: string): Promise<Subscription | null> {
    if (!isUuid(subscriptionId)) return null;
    const rows = (await this.uow.manager().query(`SELECT subscription_id FROM subscriptions WHERE subscription_id = $1 FOR UPDATE`, [subscriptionId])) as unknown[];
    return rows.length ? this.findById(subscriptionId) : null;
  }

  insertPlacing(refill: NewRefill): Promise<boolean> {
    return this.uow.run(async () => {
      const rows = await updatedRows<{ subscription_id: string }>(
        this.uow.manager(),
        `INSERT INTO refills (refill_id, subscription_id, state, actor, actor_id, upstream_order_id, requested_at)
         VALUES ($1, $2, '${REFILL_REQUESTED}', $3, $4, $5, $6)
         ON CONFLICT (subscription_id) WHERE ${inStates('state', REFILL_IN_FLIGHT)} DO NOTHING
         RETURNING subscription_id`,
        [refill.refillId, refill.subscriptionId, refill.actor, refill.actorId, refill.upstreamOrderId, refill.requestedAt],
      );
      await this.rewrite(rows.map((row) => row.subscription_id));
      return rows.length > 0;
    });
  }

  markPlaced(refillId: string, upstreamRefillId: string, now: Date): Promise<boolean> {
    return this.transition(refillId, REFILL_MOVES.markPlaced, { upstream_refill_id: upstreamRefillId, placed_at: now, failure: null });
  }

  reject(refillId: string, failure: string, unsupported: boolean, now: Date): Promise<boolean> {
    return this.transition(refillId, REFILL_MOVES.reject, { failure: storable(failure), unsupported, settled_at: now });
  }

  toReview(refillId: string, failure: string, now: Date): Promise<boolean> {
    return this.transition(refillId, REFILL_MOVES.toReview, { failure: storable(failure), checked_at: now });
  }

  discard(refillId: string): Promise<boolean> {
    if (!isUuid(refillId)) return Promise.resolve(false);
    return this.uow.run(async () => {
      const rows = await updatedRows<{ subscription_id: string }>(
        this.uow.manager(),
        `DELETE FROM refills WHERE refill_id = $1 AND state = '${REFILL_REQUESTED}' RETURNING subscription_id`,
        [refillId],
      );
      await this.rewrite(rows.map((row) => row.subscription_id));
      return rows.length > 0;
    });
  }

  closeReview(subscriptionId: string, note: string, now: Date): Promise<string | null> {
    if (!isUuid(subscriptionId)) return Promise.resolve(null);
    return this.uow.run(async () => {
      const rows = await updatedRows<{ refill_id: string; subscription_id: string }>(
        this.uow.manager(),
        `UPDATE refills SET state = ${target(REFILL_MOVES.closeReview)}, failure = $2, settled_at = $3
          WHERE subscription_id = $1 AND ${inStates('state', REFILL_MOVES.closeReview.from)}
          RETURNING refill_id, subscription_id`,
        [subscriptionId, storable(note), now],
      );
      await this.rewrite(rows.map((row) => row.subscription_id));
      return rows[0]?.refill_id ?? null;
    });
  }

  abandonPlacingBefore(cutoff: Date, note: string, now: Date): Promise<string[]> {
    return this.uow.run(async () => {
      const rows = await updatedRows<{ refill_id: string; subscription_id: string }>(
        this.uow.manager(),
        `UPDATE refills SET state = ${target(REFILL_MOVES.abandonPlacing)}, failure = $2, checked_at = $3
          WHERE ${inStates('state', REFILL_MOVES.abandonPlacing.from)} AND requested_at < $1
          RETURNING refill_id, subscription_id`,
        [cutoff, storable(note), now],
      );
      await this.rewrite(rows.map((row) => row.subscription_id));
      return rows.map((row) => row.refill_id).sort();
    });
  }

  /** Walks the partial index of `open` refills (checked_at NULLS FIRST, refill_id) in its order. */
  async openRefills(checkedBefore: Date, limit: number): Promise<OpenRefill[]> {
    const take = rowLimit(limit);
    if (take === 0) return [];
    const rows = (await this.uow.manager().query(
      `SELECT refill_id, subscription_id, upstream_refill_id, requested_at FROM refills
        WHERE ${inStates('state', SYNC_FROM)} AND (checked_at IS NULL OR checked_at < $1)
        ORDER BY checked_at ASC NULLS FIRST, refill_id
        LIMIT ${take}`,
      [checkedBefore],
    )) as Array<{ refill_id: string; subscription_id: string; upstream_refill_id: string; requested_at: Date | string }>;
    return rows.map((row) => ({
      refillId: row.refill_id,
      subscriptionId: row.subscription_id,
      upstreamRefillId: row.upstream_refill_id,
      requestedAt: dateOf(row.requested_at) as Date,
    }));
  }

  /**
   * One UPDATE … FROM unnest for the batch (only refills still `open` change), then the summaries.
   * An answer: its word replaces the stored one (a missing word keeps it), the failure is cleared,
   * a final word settles the refill. An error: kept as failure, the word stays; `review` moves it.
   */
  recordStatuses(updates: RefillUpdate[], now: Date): Promise<void> {
    const byId = new Map<string, RefillUpdate>();
    for (const update of updates) if (isUuid(update.refillId)) byId.set(update.refillId.toLowerCase(), update);
    if (byId.size === 0) return Promise.resolve();
    const list = [...byId.values()];
    const hasError = (u: RefillUpdate) => typeof u.error === 'string';
    return this.uow.run(async () => {
      const rows = await updatedRows<{ subscription_id: string }>(
        this.uow.manager(),
        `UPDATE refills r
            SET upstream_status = CASE WHEN u.error IS NULL THEN coalesce(u.upstream_status, r.upstream_status) ELSE r.upstream_status END,
                state           = CASE WHEN u.error IS NULL AND u.settle = 'completed' THEN ${target(REFILL_MOVES.complete)}
                                       WHEN u.error IS NULL AND u.settle = 'rejected' THEN ${target(REFILL_MOVES.settleRejected)}
                                       WHEN u.error IS NOT NULL AND u.review THEN ${target(REFILL_MOVES.lostUpstream)}
                                       ELSE r.state END,
                settled_at      = CASE WHEN u.error IS NULL AND u.settle IS NOT NULL THEN $6 ELSE r.settled_at END,
                failure         = u.error,
                checked_at      = $6
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[]) AS u (refill_id, upstream_status, settle, error, review)
          WHERE r.refill_id = u.refill_id AND ${inStates('r.state', SYNC_FROM)}
          RETURNING r.subscription_id`,
        [
          list.map((u) => u.refillId),
          list.map((u) => (hasError(u) ? null : storable(u.upstreamStatus))),
          list.map((u) => (hasError(u) ? null : (u.settle ?? null))),
          list.map((u) => (hasError(u) ? storable(u.error) : null)),
          list.map((u) => hasError(u) && u.review === true),
          now,
        ],
      );
      await this.rewrite(rows.map((row) => row.subscription_id));
    });
  }

  noteUnchecked(refillIds: string[], note: string, now: Date): Promise<void> {
    const ids = [...new Set(refillIds.filter((id) => isUuid(id)))];
    if (ids.length === 0) return Promise.resolve();
    return this.uow.run(async () => {
      const rows = await updatedRows<{ subscription_id: string }>(
        this.uow.manager(),
        `UPDATE refills SET failure = $2, checked_at = $3 WHERE refill_id = ANY($1::uuid[]) AND ${inStates('state', SYNC_FROM)} RETURNING subscription_id`,
        [ids, storable(note), now],
      );
      await this.rewrite(rows.map((row) => row.subscription_id));
    });
  }

  /** The newest of: a refill the provider gave an id for, and one it answered "no such action" for. */
  async providerSupport(): Promise<ProviderRefillSupport> {
    const [row] = (await this.uow.manager().query(
      `SELECT supported, at, words FROM (
         (SELECT true AS supported, placed_at AS at, NULL::text AS words FROM refills WHERE placed_at IS NOT NULL ORDER BY placed_at DESC LIMIT 1)
         UNION ALL
         (SELECT false, settled_at, failure FROM refills WHERE unsupported ORDER BY settled_at DESC LIMIT 1)
       ) latest ORDER BY at DESC LIMIT 1`,
    )) as Array<{ supported: boolean; at: Date | string; words: string | null }>;
    if (!row) return { state: 'unknown', at: null, words: null };
    return { state: row.supported ? 'supported' : 'unsupported', at: dateOf(row.at), words: row.words };
  }

  findById(subscriptionId: string): Promise<Subscription | null> {
    return this.subscriptions.findById(subscriptionId);
  }

  /** One refill's move and its order's summary, in one transaction. False when it was not in one of the move's `from`. */
  private transition(refillId: string, move: RefillMove, set: Record<string, unknown>): Promise<boolean> {
    if (!isUuid(refillId)) return Promise.resolve(false);
    const changes: Record<string, unknown> = { state: move.to, ...set };
    const columns = Object.keys(changes);
    return this.uow.run(async () => {
      const rows = await updatedRows<{ subscription_id: string }>(
        this.uow.manager(),
        `UPDATE refills SET ${columns.map((column, i) => `${column} = $${i + 3}`).join(', ')}
          WHERE refill_id = $1 AND state = ANY($2::text[])
          RETURNING subscription_id`,
        [refillId, [...(move.from as readonly RefillState[])], ...Object.values(changes)],
      );
      await this.rewrite(rows.map((row) => row.subscription_id));
      return rows.length > 0;
    });
  }

  private async rewrite(subscriptionIds: string[]): Promise<void> {
    const ids = [...new Set(subscriptionIds)];
    if (ids.length) await this.uow.manager().query(REWRITE_SUMMARY, [ids]);
  }
}

import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { updatedRows } from '../../../../platform/database/updated-rows';
import {
  type ClaimedPlacement,
  FulfilmentLedger,
  type OpenUpstreamOrder,
  type UpstreamOrderHolder,
  UpstreamOrderTaken,
  type UpstreamUpdate,
} from '../../application/fulfilment-ledger.port';
import { FULFILMENT_MOVES, FULFILMENT_STATES, type FulfilmentMove, type FulfilmentState, type UpstreamTarget } from '../../domain/fulfilment';
import { SUBSCRIPTION_STATUS, type Subscription } from '../../../subscriptions/domain/subscription';
import { dateOf } from '../../../../platform/database/date-of';
import { SubscriptionRepository } from '../../../subscriptions/application/subscription.repository.port';
import { isUuid } from '../../../../kernel/uuid';
import { ORDER_STATUS } from '../../../../kernel/order-status';

/** A count as bigint text, or null when it is not a whole number a bigint column can hold exactly. */
function countText(value: number | null | undefined): string | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : null;
}

/** Text as PostgreSQL can hold it: without NUL characters (a text column refuses them, failing the whole statement). */
function storable(text: string | null | undefined): string | null {
  return typeof text === 'string' ? text.replace(/\u0000/g, '') : null;
}

/** The unique partial index that lets one upstream order id be held by one `open` or `done` order (migration 1765300000000-fulfilments). */
export const UPSTREAM_ORDER_ONCE_INDEX = 'fulfilments_upstream_order_once_idx';

/** Whether `error` is the database refusing a second holder of an upstream order id. */
function isUpstreamOrderTaken(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: unknown; constraint?: unknown; message?: unknown } | undefined;
  if (driverError?.code !== '23505') return false;
  const named = `${String(driverError.constraint ?? '')} ${String(driverError.message ?? '')} ${error.message}`;
  return named.includes(UPSTREAM_ORDER_ONCE_INDEX);
}

/** A state of the domain's table as an SQL literal (inline, so the planner matches partial indexes' predicates). */
function stateText(state: FulfilmentState): string {
  if (!FULFILMENT_STATES.includes(state)) throw new Error(`Not a fulfilment state: ${state}`);
  return `'${state}'`;
}

/** The condition "`column` is one of `states`" (null: no fulfilment), from a move of FULFILMENT_MOVES. */
function inStates(states: readonly (FulfilmentState | null)[], column = 'fulfilment_state'): string {
  const named = states.filter((state): state is FulfilmentState => state !== null).map(stateText);
  const parts = [
    ...(states.includes(null) ? [`${column} IS NULL`] : []),
    ...(named.length === 1 ? [`${column} = ${named[0]}`] : named.length ? [`${column} IN (${named.join(', ')})`] : []),
  ];
  if (parts.length === 0) return 'false';
  return parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
}

/** A limit as a whole number from 1 to 10,000 (a caller's 0 or NaN reads nothing). */
function rowLimit(limit: number): number {
  return Number.isFinite(limit) ? Math.min(10_000, Math.max(0, Math.floor(limit))) : 0;
}

/**
 * The FulfilmentLedger on the fulfilment module's `fulfilments` table (migration
 * 1765300000000-fulfilments; the Status it settles stays on subscriptions). Every statement runs in the caller's UnitOfWork transaction when there
 * is one. Every state change is one `UPDATE … WHERE fulfilment_state = <expected> RETURNING`: the
 * row lock the UPDATE takes and its re-check of the condition after a wait (PostgreSQL's READ
 * COMMITTED) make two concurrent changes from one state end with exactly one winner.
 *
 * Notes: a note describes the current problem. markPlaced and a status answer without an error
 * clear it; requeue, markNeedsReview, abandonPlacingBefore and a per-order error set it.
 */
@Injectable()
export class TypeOrmFulfilmentLedger extends FulfilmentLedger {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: SubscriptionRepository,
  ) {
    super();
  }

  async queue(subscriptionId: string, target: UpstreamTarget & { serviceName?: string | null; refillDays?: number }, now: Date): Promise<boolean> {
    if (!isUuid(subscriptionId)) return false;
    if (!Number.isSafeInteger(target.quantity) || target.quantity < 1)
      throw new Error(`A fulfilment quantity must be a whole number of at least 1, not ${target.quantity}`);
    // The move from no fulfilment: the row is written once, for a subscription that exists.
    if (!(FULFILMENT_MOVES.queue.from as readonly (FulfilmentState | null)[]).every((state) => state === null)) throw new Error('queue starts from no fulfilment');
    const changed = await this.update(
      `INSERT INTO fulfilments (subscription_id, fulfilment_state, upstream_service_id, upstream_quantity, fulfilment_queued_at, updated_at, upstream_service_name, refill_days)
       SELECT subscription_id, ${stateText(FULFILMENT_MOVES.queue.to)}, $2, $3, $4, $4, $5, $6 FROM subscriptions WHERE subscription_id = $1
       ON CONFLICT (subscription_id) DO NOTHING
       RETURNING subscription_id`,
      [
        subscriptionId,
        target.serviceId,
        target.quantity,
        now,
        target.serviceName?.trim() ? target.serviceName.trim() : null,
        Number.isSafeInteger(target.refillDays) && (target.refillDays as number) > 0 ? Math.min(target.refillDays as number, 365) : 0,
      ],
    );
    return changed.length > 0;
  }

  async claimForPlacing(subscriptionId: string, now: Date): Promise<ClaimedPlacement | null> {
    if (!isUuid(subscriptionId)) return null;
    const [claimed] = await this.update<{ subscription_id: string; profile_link: string; upstream_service_id: string; upstream_quantity: number }>(
      `UPDATE fulfilments f
          SET fulfilment_state = ${stateText(FULFILMENT_MOVES.claim.to)}, fulfilment_placing_at = $2, updated_at = $2
         FROM subscriptions s
        WHERE f.subscription_id = $1 AND s.subscription_id = f.subscription_id AND ${inStates(FULFILMENT_MOVES.claim.from, 'f.fulfilment_state')}
        RETURNING f.subscription_id, s.profile_link, f.upstream_service_id, f.upstream_quantity`,
      [subscriptionId, now],
    );
    if (!claimed) return null;
    return { subscriptionId: claimed.subscription_id, link: claimed.profile_link, serviceId: claimed.upstream_service_id, quantity: Number(claimed.upstream_quantity) };
  }

  /** The unique partial index refuses a second holder of the id: UpstreamOrderTaken, naming the first. */
  markPlaced(subscriptionId: string, upstreamOrderId: string, now: Date): Promise<boolean> {
    return this.holding(upstreamOrderId, () =>
      this.transition(subscriptionId, FULFILMENT_MOVES.markPlaced, {
        upstream_order_id: upstreamOrderId,
        fulfilment_placed_at: now,
        fulfilment_note: null,
        updated_at: now,
      }),
    );
  }

  markNeedsReview(subscriptionId: string, note: string, now: Date): Promise<boolean> {
    return this.transition(subscriptionId, FULFILMENT_MOVES.markNeedsReview, { fulfilment_note: note, updated_at: now });
  }

  requeue(subscriptionId: string, note: string, now: Date): Promise<boolean> {
    return this.transition(subscriptionId, FULFILMENT_MOVES.requeue, {
      fulfilment_note: note,
      fulfilment_queued_at: now,
      fulfilment_placing_at: null,
      updated_at: now,
    });
  }

  /** On the partial index of `queued` rows (queued_at, subscription_id). */
  async queuedBefore(cutoff: Date, limit: number): Promise<Array<{ subscriptionId: string; queuedAt: Date }>> {
    const take = rowLimit(limit);
    if (take === 0) return [];
    const rows = (await this.uow.manager().query(
      `SELECT subscription_id, fulfilment_queued_at FROM fulfilments
        WHERE fulfilment_state = 'queued' AND fulfilment_queued_at < $1
        ORDER BY fulfilment_queued_at, subscription_id
        LIMIT ${take}`,
      [cutoff],
    )) as Array<{ subscription_id: string; fulfilment_queued_at: Date | string }>;
    return rows.map((row) => ({ subscriptionId: row.subscription_id, queuedAt: dateOf(row.fulfilment_queued_at) as Date }));
  }

  /** On the partial index of `placing` rows. */
  async abandonPlacingBefore(cutoff: Date, note: string, now: Date): Promise<string[]> {
    const rows = await this.update<{ subscription_id: string }>(
      `UPDATE fulfilments
          SET fulfilment_state = ${stateText(FULFILMENT_MOVES.abandonPlacing.to)}, fulfilment_note = $2, updated_at = $3
        WHERE ${inStates(FULFILMENT_MOVES.abandonPlacing.from)} AND fulfilment_placing_at < $1
        RETURNING subscription_id`,
      [cutoff, note, now],
    );
    return rows.map((row) => row.subscription_id).sort();
  }

  /** Walks the partial index of `open` rows (checked_at NULLS FIRST, subscription_id) in its order. */
  async openOrders(checkedBefore: Date, limit: number): Promise<OpenUpstreamOrder[]> {
    const take = rowLimit(limit);
    if (take === 0) return [];
    const rows = (await this.uow.manager().query(
      `SELECT subscription_id, upstream_order_id, upstream_quantity, fulfilment_placed_at FROM fulfilments
        WHERE fulfilment_state = 'open' AND (fulfilment_checked_at IS NULL OR fulfilment_checked_at < $1)
        ORDER BY fulfilment_checked_at ASC NULLS FIRST, subscription_id
        LIMIT ${take}`,
      [checkedBefore],
    )) as Array<{ subscription_id: string; upstream_order_id: string; upstream_quantity: number; fulfilment_placed_at: Date | string | null }>;
    return rows.map((row) => ({
      subscriptionId: row.subscription_id,
      upstreamOrderId: row.upstream_order_id,
      quantity: Number(row.upstream_quantity),
      placedAt: row.fulfilment_placed_at === null ? null : (dateOf(row.fulfilment_placed_at) as Date),
    }));
  }

  /**
   * One UPDATE … FROM unnest(arrays) for the whole batch, joined on the primary key; only rows still
   * `open` change. Per row:
   * - an error: the facts stay as they were; the note is the error; checkedAt = now; with `review`
   *   the fulfilment becomes `needs_review`;
   * - an answer: each fact the provider gave replaces the stored one, a fact it left out (null) keeps
   *   the last known value; the note becomes the update's `note` (values it sent that cannot be
   *   true), cleared without one; checkedAt = now; with a finalStatus the Status
   *   becomes it and the fulfilment `done` (Completed or Partial: completedAt = now, the first time;
   *   the refill guarantee runs from it, docs/refill.md). A final Partial's remains is only what that answer says
   *   (null when left out): it decides the refund, and an earlier progress report is not what fell
   *   short (docs/refunds.md).
   * An id twice in one batch counts once (its last update). Texts lose NUL characters (PostgreSQL
   * text cannot hold them: one would fail the whole batch).
   */
  async recordUpstream(updates: UpstreamUpdate[], now: Date): Promise<void> {
    const byId = new Map<string, UpstreamUpdate>();
    for (const update of updates) if (isUuid(update.subscriptionId)) byId.set(update.subscriptionId.toLowerCase(), update);
    if (byId.size === 0) return;
    const list = [...byId.values()];
    const column = (pick: (u: UpstreamUpdate) => string | null) => list.map(pick);
    const hasError = (u: UpstreamUpdate) => typeof u.error === 'string';
    // Two statements in one transaction: the delivery on fulfilments, then the Status of the orders
    // that got their final word on subscriptions (each table's report triggers see the other as it is).
    await this.uow.run(async () => {
      const finals = await this.update<{ subscription_id: string; final_status: string }>(
        `UPDATE fulfilments s
          SET upstream_status      = CASE WHEN u.error IS NULL THEN coalesce(u.upstream_status, s.upstream_status) ELSE s.upstream_status END,
              upstream_charge      = CASE WHEN u.error IS NULL THEN coalesce(u.charge, s.upstream_charge) ELSE s.upstream_charge END,
              upstream_currency    = CASE WHEN u.error IS NULL THEN coalesce(u.currency, s.upstream_currency) ELSE s.upstream_currency END,
              upstream_start_count = CASE WHEN u.error IS NULL THEN coalesce(u.start_count::bigint, s.upstream_start_count) ELSE s.upstream_start_count END,
              upstream_remains     = CASE WHEN u.error IS NULL AND u.final_status = '${ORDER_STATUS.Partial}' THEN u.remains::bigint
                                          WHEN u.error IS NULL THEN coalesce(u.remains::bigint, s.upstream_remains) ELSE s.upstream_remains END,
              fulfilment_state     = CASE WHEN u.error IS NULL AND u.final_status IS NOT NULL THEN ${stateText(FULFILMENT_MOVES.finalWord.to)}
                                          WHEN u.error IS NOT NULL AND u.review THEN ${stateText(FULFILMENT_MOVES.lostUpstream.to)}
                                          ELSE s.fulfilment_state END,
              fulfilment_note      = coalesce(u.error, u.note),
              fulfilment_checked_at = $10,
              updated_at           = $10
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::boolean[], $11::text[])
              AS u (subscription_id, upstream_status, charge, currency, start_count, remains, final_status, error, review, note)
        WHERE s.subscription_id = u.subscription_id AND ${inStates(FULFILMENT_MOVES.finalWord.from, 's.fulfilment_state')}
        RETURNING s.subscription_id, CASE WHEN u.error IS NULL THEN u.final_status END AS final_status`,
        [
          column((u) => u.subscriptionId),
          column((u) => (hasError(u) ? null : storable(u.upstreamStatus))),
          column((u) => (hasError(u) ? null : storable(u.charge))),
          column((u) => (hasError(u) ? null : storable(u.currency))),
          column((u) => (hasError(u) ? null : countText(u.startCount))),
          column((u) => (hasError(u) ? null : countText(u.remains))),
          column((u) => (!hasError(u) && u.finalStatus !== undefined && u.finalStatus !== null ? String(u.finalStatus) : null)),
          column((u) => (hasError(u) ? storable(u.error) : null)),
          list.map((u) => hasError(u) && u.review === true),
          now,
          column((u) => (hasError(u) ? null : storable(u.note))),
        ],
      );
      const settled = finals.filter((row) => row.final_status !== null);
      if (settled.length === 0) return;
      await this.update(
        `UPDATE subscriptions s
          SET status = u.final_status::smallint,
              completed_at = CASE WHEN u.final_status IN ('${ORDER_STATUS.Completed}', '${ORDER_STATUS.Partial}') THEN coalesce(s.completed_at, $3) ELSE s.completed_at END,
              updated_at = $3
         FROM unnest($1::uuid[], $2::text[]) AS u (subscription_id, final_status)
        WHERE s.subscription_id = u.subscription_id
        RETURNING s.subscription_id`,
        [settled.map((row) => row.subscription_id), settled.map((row) => row.final_status), now],
      );
    });
  }

  /** One UPDATE … FROM unnest for the lot; only rows still `open` change. */
  async noteUnsynced(notes: Array<{ subscriptionId: string; note: string }>, now: Date): Promise<void> {
    const byId = new Map<string, string>();
    for (const { subscriptionId, note } of notes) if (isUuid(subscriptionId)) byId.set(subscriptionId.toLowerCase(), storable(note) ?? '');
    if (byId.size === 0) return;
    await this.update(
      `UPDATE fulfilments s
          SET fulfilment_note = u.note, fulfilment_checked_at = $3, updated_at = $3
         FROM unnest($1::uuid[], $2::text[]) AS u (subscription_id, note)
        WHERE s.subscription_id = u.subscription_id AND s.fulfilment_state = 'open'`,
      [[...byId.keys()], [...byId.values()], now],
    );
  }

  /** On the unique partial index of upstream order ids. */
  async holderOf(upstreamOrderId: string): Promise<UpstreamOrderHolder | null> {
    const [row] = (await this.uow.manager().query(
      `SELECT f.subscription_id, s.order_id FROM fulfilments f JOIN subscriptions s ON s.subscription_id = f.subscription_id
        WHERE f.upstream_order_id = $1 AND f.fulfilment_state IN ('open', 'done')
        ORDER BY f.subscription_id LIMIT 1`,
      [upstreamOrderId],
    )) as Array<{ subscription_id: string; order_id: string }>;
    return row ? { subscriptionId: row.subscription_id, orderId: row.order_id } : null;
  }

  retry(subscriptionId: string, now: Date): Promise<{ changed: boolean; subscription: Subscription } | null> {
    return this.staffTransition(subscriptionId, FULFILMENT_MOVES.retry, {
      fulfilment_queued_at: now,
      fulfilment_placing_at: null,
      fulfilment_note: null,
      updated_at: now,
    });
  }

  /** The unique partial index refuses a second holder of the id: UpstreamOrderTaken (its holder null inside the caller's transaction, which the refusal ended). */
  link(subscriptionId: string, upstreamOrderId: string, now: Date): Promise<{ changed: boolean; subscription: Subscription } | null> {
    return this.holding(upstreamOrderId, () =>
      this.staffTransition(subscriptionId, FULFILMENT_MOVES.link, {
        upstream_order_id: upstreamOrderId,
        fulfilment_placed_at: now,
        fulfilment_checked_at: null,
        fulfilment_note: null,
        updated_at: now,
      }),
    );
  }

  cancel(subscriptionId: string, now: Date): Promise<{ changed: boolean; subscription: Subscription } | null> {
    // The fulfilment and the order's Status change in one transaction.
    return this.uow.run(() =>
      this.staffTransition(subscriptionId, FULFILMENT_MOVES.cancel, { updated_at: now }, () =>
        this.update(`UPDATE subscriptions SET status = $2, updated_at = $3 WHERE subscription_id = $1 RETURNING subscription_id`, [
          subscriptionId,
          SUBSCRIPTION_STATUS.Canceled,
          now,
        ]),
      ),
    );
  }

  withdraw(subscriptionId: string, note: string, now: Date): Promise<boolean> {
    return this.transition(subscriptionId, FULFILMENT_MOVES.withdraw, { fulfilment_note: note, updated_at: now });
  }

  findById(subscriptionId: string): Promise<Subscription | null> {
    return this.subscriptions.findById(subscriptionId);
  }

  /**
   * One move of the table: `UPDATE … SET fulfilment_state = <to>, <columns> WHERE subscription_id = $1
   * AND fulfilment_state IN (<from>)`. The column names are this class's literals, the values
   * parameters. False when the row was not in one of the `from` states (or is not there, or the id
   * is not an id).
   */
  private async transition(subscriptionId: string, move: FulfilmentMove, set: Record<string, unknown>): Promise<boolean> {
    if (!isUuid(subscriptionId)) return false;
    const changes: Record<string, unknown> = { fulfilment_state: move.to, ...set };
    const columns = Object.keys(changes);
    const changed = await this.update(
      `UPDATE fulfilments SET ${columns.map((column, i) => `${column} = $${i + 2}`).join(', ')}
        WHERE subscription_id = $1 AND ${inStates(move.from)}
        RETURNING subscription_id`,
      [subscriptionId, ...Object.values(changes)],
    );
    return changed.length > 0;
  }

  /** A staff action's transition, answered with the subscription as it is now (null for an unknown id). */
  private async staffTransition(
    subscriptionId: string,
    move: FulfilmentMove,
    set: Record<string, unknown>,
    then?: () => Promise<unknown>,
  ): Promise<{ changed: boolean; subscription: Subscription } | null> {
    const changed = await this.transition(subscriptionId, move, set);
    if (changed && then) await then();
    const subscription = await this.findById(subscriptionId);
    return subscription ? { changed, subscription } : null;
  }

  /**
   * Runs a change that gives `upstreamOrderId` to an order; the database's refusal of a second holder
   * becomes UpstreamOrderTaken. Outside a transaction the holder is read at once; inside one the
   * refusal has ended it (PostgreSQL answers nothing more), so the caller asks holderOf afterwards.
   */
  private async holding<T>(upstreamOrderId: string, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      if (!isUpstreamOrderTaken(error)) throw error;
      const insideTransaction = this.uow.manager().queryRunner?.isTransactionActive === true;
      throw new UpstreamOrderTaken(upstreamOrderId, insideTransaction ? null : await this.holderOf(upstreamOrderId));
    }
  }

  private update<R = { subscription_id: string }>(sql: string, params: unknown[]): Promise<R[]> {
    return updatedRows<R>(this.uow.manager(), sql, params);
  }
}

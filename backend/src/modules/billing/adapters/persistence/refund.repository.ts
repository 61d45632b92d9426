import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { boundedCount, containsPattern } from '../../../../platform/database/bounded-count';
import { dayAnchor, foldListDays, WALK_FROM_OFFSET } from '../../../../platform/database/day-walk';
import { readPage } from '../../../../platform/database/paging';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { inStates } from '../../../../platform/database/state-condition';
import { updatedRows } from '../../../../platform/database/updated-rows';
import { RefundRepository, type RefundListRow, type RefundListState } from '../../application/refund.repository.port';
import { REFUND_REQUEST_TRANSITIONS, REFUND_TRANSITIONS, type Refund, type RefundRequest, statesThatMayBecome, unsettledStates } from '../../domain/refund';
import { RefundOrmEntity, RefundRequestOrmEntity } from './refund.orm-entity';
import { isUuid } from '../../../../kernel/uuid';

/** The database's code and the name of the constraint that refused a write, when it was one. */
function refusal(error: unknown): { code: string; constraint: string } | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = (error as QueryFailedError & { driverError?: { code?: unknown; constraint?: unknown } }).driverError ?? {};
  const code = typeof driver.code === 'string' ? driver.code : '';
  const constraint = typeof driver.constraint === 'string' ? driver.constraint : '';
  return { code, constraint: constraint || error.message };
}

function toRefund(row: RefundOrmEntity): Refund {
  return {
    refundId: row.refundId,
    orderId: row.orderId,
    subscriptionId: row.subscriptionId,
    paymentId: row.paymentId,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason,
    note: row.note,
    actor: row.actorRole === 'system' || row.actorId === null ? { role: 'system', id: null } : { role: row.actorRole, id: row.actorId },
    state: row.state,
    gatewayRefundId: row.gatewayRefundId,
    idempotencyKey: row.idempotencyKey,
    failureReason: row.failureReason,
    attempts: row.attempts,
    createdAt: row.createdAt,
    settledAt: row.settledAt,
    checkedAt: row.checkedAt,
  };
}

function toRequest(row: RefundRequestOrmEntity): RefundRequest {
  return { ...row };
}

/**
 * The list's rows: refunds, and requests not approved (an approved one shows as its refund), with
 * their order's customer and plan; `refunds` and `requests` narrow each side (SQL conditions).
 */
const listFrom = (refunds: string, requests: string) => `
  FROM (
    SELECT 'refund' AS kind, r.refund_id::text AS id, r.state, r.amount, r.currency, r.reason, r.note,
           r.failure_reason AS failure, NULL::text AS message, r.gateway_refund_id, r.order_id, r.subscription_id::text AS subscription_id,
           r.actor_role, r.actor_id, r.created_at, r.settled_at, r.payment_id AS refund_payment_id
      FROM refunds r WHERE ${refunds}
    UNION ALL
    SELECT 'request', q.request_id::text, q.state, q.amount, q.currency,
           CASE q.source WHEN 'customer' THEN 'customer_request' ELSE 'undelivered' END, q.reason,
           NULL, q.message, NULL, q.order_id, q.subscription_id::text,
           CASE q.source WHEN 'customer' THEN 'customer' ELSE 'system' END, NULL, q.created_at, q.decided_at, NULL
      FROM refund_requests q WHERE q.state <> 'approved' AND ${requests}
  ) x
  JOIN payment_orders o ON o.order_id = x.order_id`;
// A refund names the payment it gives back (a second payment's is not the order's: docs/refunds.md#second-payments).
const LIST_SELECT = `SELECT x.*, COALESCE(x.refund_payment_id, o.payment_id) AS payment_id, o.plan_name, o.tier->>'name' AS tier_name, o.user_id, o.customer_name, o.email, o.sandbox`;
/** Searched: `$1` the state filter or null, `$2` a search pattern. */
const SEARCHED_FROM = `${listFrom('true', 'true')}
  WHERE ($1::text IS NULL OR x.state = $1)
    AND (x.order_id ILIKE $2 OR o.payment_id ILIKE $2 OR x.refund_payment_id ILIKE $2 OR x.gateway_refund_id ILIKE $2 OR x.id ILIKE $2
         OR o.email ILIKE $2 OR o.customer_name ILIKE $2)`;
/**
 * Not searched: the rows' keys alone (`kind:id`), newest first, from the two (created_at DESC, id
 * DESC) indexes merged, index-only while no state filter is asked; `$1` the state filter or null.
 */
const KEYS_FROM = `
  FROM (
    SELECT 'refund' AS kind, r.refund_id AS uid, r.created_at, r.state FROM refunds r
    UNION ALL
    SELECT 'request', q.request_id, q.created_at, q.state FROM refund_requests q WHERE q.state <> 'approved'
  ) x
  WHERE ($1::text IS NULL OR x.state = $1)`;

interface ListSqlRow {
  kind: 'refund' | 'request';
  id: string;
  state: RefundListRow['state'];
  amount: string | number | null;
  currency: string;
  reason: string;
  note: string | null;
  failure: string | null;
  message: string | null;
  gateway_refund_id: string | null;
  order_id: string;
  subscription_id: string | null;
  actor_role: string;
  actor_id: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
  payment_id: string | null;
  plan_name: string;
  tier_name: string | null;
  user_id: string;
  customer_name: string;
  email: string;
  sandbox: boolean;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** TypeORM implementation; every statement runs in the caller's UnitOfWork transaction when there is one. */
@Injectable()
export class TypeOrmRefundRepository extends RefundRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  private get refunds() {
    return this.uow.repository(RefundOrmEntity);
  }

  private get requests() {
    return this.uow.repository(RefundRequestOrmEntity);
  }

  async insert(refund: Refund): Promise<'inserted' | 'over_limit' | 'duplicate_key'> {
    try {
      await this.refunds.insert({
        refundId: refund.refundId,
        orderId: refund.orderId,
        subscriptionId: refund.subscriptionId,
        paymentId: refund.paymentId,
        amount: refund.amount,
        currency: refund.currency,
        reason: refund.reason,
        note: refund.note,
        actorRole: refund.actor.role,
        actorId: refund.actor.id,
        state: refund.state,
        gatewayRefundId: refund.gatewayRefundId,
        idempotencyKey: refund.idempotencyKey,
        failureReason: refund.failureReason,
        attempts: refund.attempts,
        createdAt: refund.createdAt,
        updatedAt: refund.createdAt,
        settledAt: refund.settledAt,
        checkedAt: refund.checkedAt,
      });
      return 'inserted';
    } catch (error) {
      const refused = refusal(error);
      if (refused?.code === '23514' && refused.constraint.includes('payment_orders_refunded_check')) return 'over_limit';
      if (refused?.code === '23505' && refused.constraint.includes('idempotency_key')) return 'duplicate_key';
      throw error;
    }
  }

  async findById(refundId: string): Promise<Refund | null> {
    if (!isUuid(refundId)) return null;
    const row = await this.refunds.findOneBy({ refundId });
    return row ? toRefund(row) : null;
  }

  async findByGatewayId(gatewayRefundId: string): Promise<Refund | null> {
    const row = await this.refunds.findOneBy({ gatewayRefundId });
    return row ? toRefund(row) : null;
  }

  async ofOrder(orderId: string): Promise<Refund[]> {
    const rows = await this.refunds.find({ where: { orderId }, order: { createdAt: 'ASC', refundId: 'ASC' } });
    return rows.map(toRefund);
  }

  async noteGatewayAnswer(refundId: string, gatewayRefundId: string, now: Date): Promise<void> {
    await this.uow
      .manager()
      .query(
        `UPDATE refunds SET gateway_refund_id = coalesce(gateway_refund_id, $2), attempts = attempts + 1, failure_reason = NULL, updated_at = $3 WHERE refund_id = $1`,
        [refundId, gatewayRefundId, now],
      );
  }

  async noteAttempt(refundId: string, note: string, now: Date): Promise<void> {
    await this.uow
      .manager()
      .query(
        `UPDATE refunds SET attempts = attempts + 1, failure_reason = $2, updated_at = $3 WHERE refund_id = $1 AND ${inStates('state', unsettledStates(REFUND_TRANSITIONS))}`,
        [refundId, note.slice(0, 500), now],
      );
  }

  async settle(refundId: string, state: 'processed' | 'failed', now: Date, failureReason?: string): Promise<boolean> {
    const rows = await updatedRows(
      this.uow.manager(),
      `UPDATE refunds SET state = $2, settled_at = $3, updated_at = $3, failure_reason = $4
        WHERE refund_id = $1 AND ${inStates('state', statesThatMayBecome(REFUND_TRANSITIONS, state))} RETURNING refund_id`,
      [refundId, state, now, state === 'failed' ? (failureReason ?? 'The payment gateway did not process the refund.').slice(0, 500) : null],
    );
    return rows.length > 0;
  }

  async duePending(before: Date, limit: number): Promise<Refund[]> {
    const rows = await this.refunds
      .createQueryBuilder('r')
      .where(`${inStates('r.state', unsettledStates(REFUND_TRANSITIONS))} AND r.createdAt < :before AND (r.checkedAt IS NULL OR r.checkedAt < :before)`, { before })
      .orderBy('r.checkedAt', 'ASC', 'NULLS FIRST')
      .addOrderBy('r.createdAt', 'ASC')
      .take(Math.max(1, Math.min(1_000, Math.floor(limit))))
      .getMany();
    return rows.map(toRefund);
  }

  async markChecked(refundId: string, now: Date): Promise<void> {
    await this.refunds.update({ refundId }, { checkedAt: now });
  }

  async insertRequest(request: RefundRequest): Promise<'inserted' | 'already_open'> {
    try {
      await this.requests.insert({ ...request });
      return 'inserted';
    } catch (error) {
      const refused = refusal(error);
      if (refused?.code === '23505' && refused.constraint.includes('refund_requests_one_open_idx')) return 'already_open';
      throw error;
    }
  }

  async findRequest(requestId: string): Promise<RefundRequest | null> {
    if (!isUuid(requestId)) return null;
    const row = await this.requests.findOneBy({ requestId });
    return row ? toRequest(row) : null;
  }

  async requestsOfOrder(orderId: string): Promise<RefundRequest[]> {
    const rows = await this.requests.find({ where: { orderId }, order: { createdAt: 'ASC', requestId: 'ASC' } });
    return rows.map(toRequest);
  }

  async decideRequest(
    requestId: string,
    decision: { state: 'approved' | 'declined'; message: string | null; refundId: string | null; decidedBy: string },
    now: Date,
  ): Promise<boolean> {
    const rows = await updatedRows(
      this.uow.manager(),
      `UPDATE refund_requests SET state = $2, message = $3, refund_id = $4, decided_by = $5, decided_at = $6
        WHERE request_id = $1 AND ${inStates('state', statesThatMayBecome(REFUND_REQUEST_TRANSITIONS, decision.state))} RETURNING request_id`,
      [requestId, decision.state, decision.message, decision.refundId, decision.decidedBy, now],
    );
    return rows.length > 0;
  }

  async page(query: {
    page: number;
    limit: number;
    state: RefundListState | null;
    q: string | null;
  }): Promise<{ items: RefundListRow[]; total: number; hasNext: boolean }> {
    const manager = this.uow.manager();
    // Counted exactly up to 1,000 rows, the database's estimate above (as the task list's search:
    // docs/operations.md#admin-lists-at-scale), so a page view never counts every refund; hasNext stays exact.
    const keyOf = (row: ListSqlRow) => `${row.kind}:${row.id}`;
    const { items, total, hasNext } =
      query.q !== null
        ? // A search reads the matching rows whole, in one statement (the rows are the keys).
          await readPage<ListSqlRow>(query.page, query.limit, {
            count: () => boundedCount(manager, SEARCHED_FROM, [query.state, containsPattern(query.q ?? '')]),
            keys: async (offset, take) =>
              (await manager.query(`${LIST_SELECT} ${SEARCHED_FROM} ORDER BY x.created_at DESC, x.id DESC OFFSET ${offset} LIMIT ${take}`, [
                query.state,
                containsPattern(query.q ?? ''),
              ])) as ListSqlRow[],
          })
        : // Otherwise the page's keys first (a deep page skips index entries, not rows and their
          // orders), then those rows.
          await readPage<string, ListSqlRow>(query.page, query.limit, {
            count: () => boundedCount(manager, KEYS_FROM, [query.state]),
            // The key is put together here, not in the SELECT: PostgreSQL computes a SELECT's
            // expressions for the skipped rows too (on page 4,000 that was 18 of its 33 ms).
            keys: async (offset, take) => {
              // A deep jump starts at its day, found from the per-day counts (platform/database/day-walk.ts).
              let sql = `SELECT x.kind, x.uid ${KEYS_FROM} ORDER BY x.created_at DESC, x.uid DESC OFFSET ${offset} LIMIT ${take}`;
              if (offset >= WALK_FROM_OFFSET) {
                await foldListDays(manager);
                const anchor = dayAnchor({ list: 'refunds', part: '($1::text IS NULL OR part = $1::text)', offset, descending: true });
                sql = `WITH ${anchor.cte}
                  SELECT page.kind, page.uid FROM anchor CROSS JOIN LATERAL (
                    SELECT x.kind, x.uid, x.created_at ${KEYS_FROM} AND ${anchor.from('x.created_at')}
                    ORDER BY x.created_at DESC, x.uid DESC OFFSET ${anchor.skip} LIMIT ${take}
                  ) page ORDER BY page.created_at DESC, page.uid DESC`;
              }
              const keys = (await manager.query(sql, [query.state])) as Array<{ kind: string; uid: string }>;
              return keys.map((row) => `${row.kind}:${row.uid}`);
            },
            rows: async (keys) => {
              const ids = (kind: string) => keys.filter((key) => key.startsWith(`${kind}:`)).map((key) => key.slice(kind.length + 1));
              return (await manager.query(`${LIST_SELECT} ${listFrom('r.refund_id = ANY($1::uuid[])', 'q.request_id = ANY($2::uuid[])')}`, [
                ids('refund'),
                ids('request'),
              ])) as ListSqlRow[];
            },
            keyOf,
          });
    const rows = items.map((row): RefundListRow => ({
      kind: row.kind,
      id: row.id,
      state: row.state,
      amount: row.amount === null ? null : Number(row.amount),
      currency: row.currency,
      reason: row.reason,
      note: row.note,
      failure: row.failure,
      message: row.message,
      gatewayRefundId: row.gateway_refund_id,
      orderId: row.order_id,
      paymentId: row.payment_id,
      subscriptionId: row.subscription_id,
      planName: row.plan_name,
      tierName: row.tier_name ?? '',
      customer: { userId: row.user_id, name: row.customer_name, email: row.email },
      sandbox: row.sandbox === true,
      actor: { role: row.actor_role, id: row.actor_id },
      createdAt: asDate(row.created_at),
      settledAt: row.settled_at === null ? null : asDate(row.settled_at),
    }));
    return { items: rows, total, hasNext };
  }
}

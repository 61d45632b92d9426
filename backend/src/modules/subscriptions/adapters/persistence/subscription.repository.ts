import { Injectable } from '@nestjs/common';
import { type FindOptionsOrder, type FindOptionsWhere, In, Not } from 'typeorm';
import { EXACT_COUNT_UP_TO, containsPattern } from '../../../../platform/database/bounded-count';
import { dayAnchor, foldListDays, WALK_FROM_OFFSET, type DayWalk } from '../../../../platform/database/day-walk';
import { readPage } from '../../../../platform/database/paging';
import { entitySql } from '../../../../platform/database/entity-sql';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { updatedRows } from '../../../../platform/database/updated-rows';
import { SubscriptionRepository } from '../../application/subscription.repository.port';
import type { AdminTaskFulfilmentFilter, AdminTaskKey, AdminTaskPage, AdminTaskQuery } from '../../domain/admin-task-list';
import { SUBSCRIPTION_STATUS, type NewPurchase, type Subscription, type SubscriptionStatus } from '../../domain/subscription';
import type { SubscriptionList } from '../../domain/subscription-list';
import { withDeliveries, withDelivery } from './delivery-summary.query';
import { SubscriptionOrmEntity } from './subscription.orm-entity';
import { toSubscription } from './subscription.mapper';
import { isUuid } from '../../../../kernel/uuid';
import { orderStatusOf } from '../../../../kernel/order-status';

/** Newest first; subscription_id breaks ties between equal times, so pages never overlap or skip. */
const NEWEST_FIRST: FindOptionsOrder<SubscriptionOrmEntity> = { createdAt: 'DESC', subscriptionId: 'DESC' };

/** Matching customer addresses up to which a search looks their subscriptions up by equality. */
const FEW_EMAILS = 100;

/** A text[] as the driver hands it back: parsed (node-postgres, PGlite) or in array literal form; no element here needs quoting (uuids). */
function textArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

/** The SQL of each fulfilment filter (a closed list: the request and adminTaskQuery refuse any other). */
/** On the fulfilment module's partial index of those rows (migration 1765300000000-fulfilments); few, read by id. */
const FULFILMENT_CONDITION: Record<AdminTaskFulfilmentFilter, string> = {
  needs_review: `subscription_id IN (SELECT subscription_id FROM fulfilments WHERE fulfilment_state = 'needs_review')`,
};

/** TypeORM implementation; every query runs in the caller's UnitOfWork transaction when there is one. */
@Injectable()
export class TypeOrmSubscriptionRepository extends SubscriptionRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  /**
   * INSERT … ON CONFLICT DO NOTHING on the unique order_id index (no check-then-insert race),
   * RETURNING the row it stored; only when the order had its subscription already is that one read.
   * Plain SQL: it runs in every first payment verification (platform/database/entity-sql.ts).
   */
  async insertOnce(purchase: NewPurchase): Promise<{ subscription: Subscription; created: boolean }> {
    const manager = this.uow.manager();
    const sql = entitySql(manager, SubscriptionOrmEntity);
    const insert = sql.insert(
      manager,
      { ...purchase, pricing: { ...purchase.pricing }, sandbox: purchase.sandbox ?? false, status: SUBSCRIPTION_STATUS.InProcess },
      `ON CONFLICT DO NOTHING RETURNING ${sql.columnList()}`,
    );
    const [stored] = await updatedRows(manager, insert.sql, insert.params);
    // A new subscription has no fulfilment row yet (the fulfilment module adds it when it queues the order).
    if (stored) return { subscription: toSubscription(sql.hydrate(manager, stored) as SubscriptionOrmEntity), created: true };
    const [existing] = await sql.select(manager, 'WHERE "order_id" = $1', [purchase.orderId]);
    if (!existing) throw new Error(`Order ${purchase.orderId}: its subscription was neither stored nor found`);
    return { subscription: (await withDelivery(manager, existing)) as Subscription, created: false };
  }

  async findById(subscriptionId: string): Promise<Subscription | null> {
    if (!isUuid(subscriptionId)) return null;
    const row = await this.uow.repository(SubscriptionOrmEntity).findOneBy({ subscriptionId });
    return withDelivery(this.uow.manager(), row);
  }

  async findByOrderId(orderId: string): Promise<Subscription | null> {
    const row = await this.uow.repository(SubscriptionOrmEntity).findOneBy({ orderId });
    return withDelivery(this.uow.manager(), row);
  }

  /**
   * Two statements on the (user_id, status, created_at DESC) index: a count, then the page by
   * OFFSET/LIMIT. The page query is skipped when the page starts past the end. Active is
   * `status = 0` (an index range in created_at order); Completed is `status <> 0`, every later state.
   */
  async pageForUser(userId: string, which: SubscriptionList, page: number, limit: number): Promise<{ items: Subscription[]; total: number }> {
    const rows = this.uow.repository(SubscriptionOrmEntity);
    const where: FindOptionsWhere<SubscriptionOrmEntity> = {
      userId,
      status: which === 'active' ? SUBSCRIPTION_STATUS.InProcess : Not(SUBSCRIPTION_STATUS.InProcess),
    };
    const total = await rows.count({ where });
    const skip = (page - 1) * limit;
    if (skip >= total) return { items: [], total };
    const found = await rows.find({ where, order: NEWEST_FIRST, skip, take: limit });
    return { items: await withDeliveries(this.uow.manager(), found), total };
  }

  async allForUser(userId: string): Promise<Subscription[]> {
    const found = await this.uow.repository(SubscriptionOrmEntity).find({ where: { userId }, order: NEWEST_FIRST });
    return withDeliveries(this.uow.manager(), found);
  }

  /**
   * A few short statements, none of which reads the whole table (their plans at 1M rows:
   * `e2e/artifacts/admin-explain.txt` after `npm run bench`; docs/operations.md#admin-lists-at-scale):
   * - with a search, first the customer addresses it matches, from subscription_customer_emails
   *   (each address once, its own trigram index; at most 101 read): when there are at most 100, the
   *   e-mail part of the search is `customer_email = ANY(those)` on a btree index, instead of a
   *   trigram search of subscriptions.customer_email whose common trigrams ('cus', '@ex', 'com')
   *   occur in every row; more, and it stays the trigram search;
   * - with a search, the matches (at most 1,001) counted and paged in one statement: up to 1,000
   *   the total is exact and the page is read from those matches; beyond, the total is the
   *   planner's estimate and the page is read as below;
   * - otherwise the total: without a search, the sum of the per-Status counters that triggers keep
   *   in subscription_status_totals (exact, a few rows); with the "needs review" filter, a count of
   *   the partial index of those rows (as many as need staff, never the table);
   * - the page's ids, one more than the page (so hasNext is exact), from an index in the sort's
   *   order: (created_at, subscription_id), (status, created_at, subscription_id),
   *   (plan_name, created_at, subscription_id) or the "needs review" partial index, read index-only, so a deep page skips index
   *   entries, not rows; a deep jump in created_at order starts at its day instead
   *   (platform/database/day-walk.ts); a search of many matches reads them through the indexes and
   *   sorts them, or, when it matches most rows, walks the sort index;
   * - the rows of those ids (primary key), with their keys for the cursors.
   * A page that starts past an exact total is not read at all.
   */
  async pageForAdmin(query: AdminTaskQuery): Promise<AdminTaskPage> {
    const manager = this.uow.manager();
    const params: unknown[] = [];
    const conditions: string[] = [];
    if (query.status !== undefined) {
      params.push(query.status);
      conditions.push(`status = $${params.length}`);
    }
    // Inline, not a parameter: the planner then matches the partial index's predicate in every plan.
    if (query.fulfilment !== undefined) conditions.push(FULFILMENT_CONDITION[query.fulfilment]);
    if (query.q !== undefined) {
      const pattern = containsPattern(query.q);
      params.push(pattern);
      const p = `$${params.length}`;
      const emails = (await manager.query(`SELECT email FROM subscription_customer_emails WHERE email ILIKE $1 LIMIT ${FEW_EMAILS + 1}`, [pattern])) as Array<{
        email: string;
      }>;
      let emailCondition = `customer_email ILIKE ${p}`;
      if (emails.length <= FEW_EMAILS) {
        // A parameter, not an inline ARRAY(SELECT …): the planner then knows how many addresses.
        params.push(emails.map((row) => row.email));
        emailCondition = `customer_email = ANY($${params.length}::text[])`;
      }
      conditions.push(`(order_id ILIKE ${p} OR payment_id ILIKE ${p} OR plan_name ILIKE ${p} OR ${emailCondition})`);
    }
    const fromWhere = `FROM subscriptions${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}`;

    // Previous/Next by keyset: the rows past the cursor's row in the sort's order (Next), or before
    // it read backwards (Previous), by a row comparison on the sort index's columns, so a deep page
    // starts where the index says instead of skipping the pages before it. The total is read
    // without it (the page number gives the meta).
    const keyset = query.keyset;
    const backward = keyset?.direction === 'before';
    const columns = [...(query.sortBy === 'planName' ? ['plan_name'] : []), 'created_at', 'subscription_id'];
    const descending = (query.sortOrder === 'desc') !== backward;
    const direction = descending ? 'DESC' : 'ASC';
    const order = columns.map((c) => `${c} ${direction}`).join(', ');
    const filterParams = params.length;
    let past = '';
    if (keyset) {
      const values: string[] = [];
      if (query.sortBy === 'planName') {
        params.push(keyset.key.planName);
        values.push(`$${params.length}::text`);
      }
      params.push(keyset.key.createdAtMicros);
      values.push(`timestamptz 'epoch' + $${params.length}::bigint * interval '1 microsecond'`);
      params.push(keyset.key.subscriptionId);
      values.push(`$${params.length}::uuid`);
      past = `(${columns.join(', ')}) ${descending ? '<' : '>'} (${values.join(', ')})`;
    }
    const and = (sql: string) => (past ? `${sql}${sql.includes(' WHERE ') ? ' AND' : ' WHERE'} ${past}` : sql);
    const start = (offset: number) => (keyset ? 0 : offset);

    // The rows' keys in the list's order (for the answer's cursors), read with the rows.
    const keys = new Map<string, AdminTaskKey>();
    const page = await readPage(query.page, query.limit, {
      backward,
      count: async (offset) => {
        if (query.q === undefined) return { total: await this.countUnsearched(query), exact: true };
        // The matches, at most one past the exact count, read once for both the count and the page
        // (MATERIALIZED keeps the ORDER BY/LIMIT out of the search's plan; array_agg keeps the order).
        const [capped] = (await manager.query(
          `WITH matches AS MATERIALIZED (SELECT subscription_id, created_at, plan_name ${fromWhere} LIMIT ${EXACT_COUNT_UP_TO + 1}),
                page AS (SELECT subscription_id, created_at, plan_name ${and('FROM matches')} ORDER BY ${order} OFFSET ${start(offset)} LIMIT ${query.limit + 1})
           SELECT (SELECT count(*) FROM matches)::int AS n, (SELECT array_agg(subscription_id::text ORDER BY ${order}) FROM page) AS ids`,
          params,
        )) as Array<{ n: number | string; ids: string[] | string | null }>;
        const n = Number(capped.n);
        if (n <= EXACT_COUNT_UP_TO) return { total: n, exact: true, keys: textArray(capped.ids) };
        return { total: Math.max(EXACT_COUNT_UP_TO + 1, await this.estimatedRows(fromWhere, params.slice(0, filterParams))), exact: false };
      },
      keys: async (offset, take, { total }) => {
        if (query.q === undefined) {
          // A deep jump in created_at order starts at its day, found from the per-day counts.
          if (!keyset && query.sortBy !== 'planName' && query.fulfilment === undefined && offset >= WALK_FROM_OFFSET)
            return this.walkedIds(
              fromWhere,
              order,
              { list: 'tasks', part: query.status === undefined ? 'true' : 'part = $1::smallint::text', offset, descending },
              take,
              params,
            );
          return this.pageIds(and(`SELECT subscription_id ${fromWhere}`), order, start(offset), take, params);
        }
        // A searched page past the exact count: which way to read it. Left to itself the planner walks
        // the sort index and filters, which is quick while the matches are spread along that index
        // and hopeless when they sit at its far end: q=youtube sorted by plan name took 1.4 s on
        // 200k rows (every YouTube row comes last), a search for 11 rows a walk of thousands. So,
        // with MATERIALIZED keeping the ORDER BY/LIMIT out of the search's plan, the matches are
        // read through the indexes and sorted when a plan-name sort meets a minority of the rows (a
        // search for a plan name is exactly the case where they cluster). Otherwise (newest or
        // oldest first; or most rows match) the sort index is walked: matches spread in time come
        // every few rows.
        const materialise = query.sortBy === 'planName' && total * 2 < (await this.countUnsearched(query));
        const pageSql = materialise
          ? `WITH matches AS MATERIALIZED (SELECT subscription_id, created_at, plan_name ${fromWhere}) ${and('SELECT subscription_id FROM matches')}`
          : and(`SELECT subscription_id ${fromWhere}`);
        return this.pageIds(pageSql, order, start(offset), take, params);
      },
      rows: (ids) => this.taskRows(ids, keys),
      keyOf: (subscription) => subscription.subscriptionId,
    });
    const first = page.items[0];
    const last = page.items[page.items.length - 1];
    return {
      ...page,
      next: page.hasNext && last ? (keys.get(last.subscriptionId) ?? null) : null,
      prev: query.page > 1 && first ? (keys.get(first.subscriptionId) ?? null) : null,
    };
  }

  /**
   * The rows of these ids (primary key), each with its key in the task list's order (the creation
   * time to the microsecond) put in `keys`: one statement, plain SQL (platform/database/entity-sql.ts).
   */
  private async taskRows(ids: string[], keys: Map<string, AdminTaskKey>): Promise<Subscription[]> {
    const manager = this.uow.manager();
    const sql = entitySql(manager, SubscriptionOrmEntity);
    const rows = (await manager.query(
      `SELECT ${sql.columnList()}, (extract(epoch FROM created_at) * 1000000)::numeric(20, 0)::text AS key_micros FROM ${sql.table} WHERE "subscription_id" = ANY($1::uuid[])`,
      [ids],
    )) as Array<Record<string, unknown> & { key_micros: string }>;
    const subscriptions = await withDeliveries(
      manager,
      rows.map((row) => sql.hydrate(manager, row) as SubscriptionOrmEntity),
    );
    rows.forEach((row, i) => {
      const subscription = subscriptions[i];
      keys.set(subscription.subscriptionId, { planName: subscription.planName, createdAtMicros: row.key_micros, subscriptionId: subscription.subscriptionId });
    });
    return subscriptions;
  }

  /** At most `take` ids (the page and one more, so hasNext is exact), in the sort's order. */
  private async pageIds(sql: string, order: string, offset: number, take: number, params: unknown[]): Promise<string[]> {
    const rows = (await this.uow.manager().query(`${sql} ORDER BY ${order} OFFSET ${offset} LIMIT ${take}`, params)) as Array<{ subscription_id: string }>;
    return rows.map((row) => row.subscription_id);
  }

  /** The page's ids from the day the per-day counts place `walk.offset` in (platform/database/day-walk.ts). */
  private async walkedIds(fromWhere: string, order: string, walk: DayWalk, take: number, params: unknown[]): Promise<string[]> {
    const manager = this.uow.manager();
    await foldListDays(manager);
    const anchor = dayAnchor(walk);
    const rows = (await manager.query(
      `WITH ${anchor.cte}
       SELECT subscription_id FROM anchor CROSS JOIN LATERAL (
         SELECT subscription_id, created_at ${fromWhere}${fromWhere.includes(' WHERE ') ? ' AND' : ' WHERE'} ${anchor.from('created_at')}
         ORDER BY ${order} OFFSET ${anchor.skip} LIMIT ${take}
       ) page ORDER BY ${order}`,
      params,
    )) as Array<{ subscription_id: string }>;
    return rows.map((row) => row.subscription_id);
  }

  /** The planner's row estimate for `SELECT 1 <fromWhere>` (the same one boundedCount reports above its cap). */
  private async estimatedRows(fromWhere: string, params: unknown[]): Promise<number> {
    const [plan] = (await this.uow.manager().query(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params)) as Array<Record<string, unknown>>;
    const raw = plan?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
    const estimate = Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows']));
    return Number.isFinite(estimate) ? estimate : 0;
  }

  /**
   * Rows the filters (without the search) let through: from the trigger-kept Status counters (no
   * table scan); with the "needs review" filter, counted on its partial index (only those rows).
   */
  private async countUnsearched(query: AdminTaskQuery): Promise<number> {
    if (query.fulfilment === undefined) return this.countByStatus(query.status);
    const [row] = (await this.uow
      .manager()
      .query(
        `SELECT count(*)::bigint AS n FROM subscriptions WHERE ${FULFILMENT_CONDITION[query.fulfilment]}${query.status === undefined ? '' : ' AND status = $1'}`,
        query.status === undefined ? [] : [query.status],
      )) as Array<{ n: string | number | bigint }>;
    return Number(row.n);
  }

  /** Rows in the table (with that Status), from the trigger-kept counters: no table scan. */
  private async countByStatus(status: number | undefined): Promise<number> {
    const [row] = (await this.uow
      .manager()
      .query(
        `SELECT coalesce(sum(n), 0)::bigint AS n FROM subscription_status_totals${status === undefined ? '' : ' WHERE status = $1'}`,
        status === undefined ? [] : [status],
      )) as Array<{ n: string | number | bigint }>;
    return Number(row.n);
  }

  async changeStatus(subscriptionId: string, status: SubscriptionStatus): Promise<{ before: SubscriptionStatus; subscription: Subscription } | null> {
    if (!isUuid(subscriptionId)) return null;
    // Joins the caller's transaction (the audit record commits with the change), else opens one.
    return this.uow.run(async () => {
      const rows = this.uow.repository(SubscriptionOrmEntity);
      const locked = await rows.createQueryBuilder('s').setLock('pessimistic_write').where('s.subscriptionId = :subscriptionId', { subscriptionId }).getOne();
      if (!locked) return null;
      if (locked.status !== status) await rows.update({ subscriptionId }, { status });
      const row = await rows.findOneByOrFail({ subscriptionId });
      return { before: orderStatusOf(locked.status), subscription: (await withDelivery(this.uow.manager(), row)) as Subscription };
    });
  }

  async subscriptionIdsOfOrders(orderIds: string[]): Promise<Map<string, string>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.uow.repository(SubscriptionOrmEntity).find({
      select: { subscriptionId: true, orderId: true },
      where: { orderId: In(orderIds) },
    });
    return new Map(rows.map((row) => [row.orderId, row.subscriptionId]));
  }
}

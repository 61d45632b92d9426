import { Injectable } from '@nestjs/common';
import { type FindOptionsOrder, type FindOptionsWhere, In, Not } from 'typeorm';
import { boundedCount, containsPattern } from '../../../../platform/database/bounded-count';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { SubscriptionRepository } from '../../application/subscription.repository.port';
import type { AdminTaskPage, AdminTaskQuery } from '../../domain/admin-task-list';
import { SUBSCRIPTION_STATUS, type NewPurchase, type Subscription, type SubscriptionStatus } from '../../domain/subscription';
import type { SubscriptionList } from '../../domain/subscription-list';
import { toSubscription } from './subscription.mapper';
import { SubscriptionOrmEntity } from './subscription.orm-entity';

/** Newest first; subscription_id breaks ties between equal times, so pages never overlap or skip. */
const NEWEST_FIRST: FindOptionsOrder<SubscriptionOrmEntity> = { createdAt: 'DESC', subscriptionId: 'DESC' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** TypeORM implementation; every query runs in the caller's UnitOfWork transaction when there is one. */
@Injectable()
export class TypeOrmSubscriptionRepository extends SubscriptionRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  async insertOnce(purchase: NewPurchase): Promise<{ subscription: Subscription; created: boolean }> {
    const rows = this.uow.repository(SubscriptionOrmEntity);
    // ON CONFLICT DO NOTHING on the unique order_id index: no check-then-insert race.
    const result = await rows
      .createQueryBuilder()
      .insert()
      .values({ ...purchase, pricing: { ...purchase.pricing }, status: 0 })
      .orIgnore()
      .returning(['subscriptionId'])
      .execute();
    const created = (result.raw as unknown[]).length > 0;
    const row = await rows.findOneByOrFail({ orderId: purchase.orderId });
    return { subscription: toSubscription(row), created };
  }

  async findByOrderId(orderId: string): Promise<Subscription | null> {
    const row = await this.uow.repository(SubscriptionOrmEntity).findOneBy({ orderId });
    return row ? toSubscription(row) : null;
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
    return { items: found.map(toSubscription), total };
  }

  async allForUser(userId: string): Promise<Subscription[]> {
    const found = await this.uow.repository(SubscriptionOrmEntity).find({ where: { userId }, order: NEWEST_FIRST });
    return found.map(toSubscription);
  }

  /**
   * Three short statements, none of which reads the whole table (1M-row plans in the report of
   * issue 8):
   * - the total: without a search, the sum of the per-Status counters that triggers keep in
   *   subscription_status_totals (exact, a few rows); with a search, boundedCount (exact up to
   *   1,000 matches, the planner's estimate above);
   * - the page's ids, one more than the page (so hasNext is exact), from an index in the sort's
   *   order: (created_at, subscription_id), (status, created_at, subscription_id) or
   *   (plan_name, created_at, subscription_id), read index-only, so a deep page skips index
   *   entries, not rows; a search reads its matches through the trigram indexes and sorts them, or,
   *   when it matches most rows, walks the sort index;
   * - the rows of those ids (primary key).
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
    if (query.q !== undefined) {
      params.push(containsPattern(query.q));
      const p = `$${params.length}`;
      conditions.push(`(order_id ILIKE ${p} OR payment_id ILIKE ${p} OR plan_name ILIKE ${p} OR customer_email ILIKE ${p})`);
    }
    const fromWhere = `FROM subscriptions${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}`;

    const { total, exact } = query.q === undefined ? { total: await this.countByStatus(query.status), exact: true } : await boundedCount(manager, fromWhere, params);
    const offset = (query.page - 1) * query.limit;
    if (exact && offset >= total) return { items: [], total, totalIsExact: true, hasNext: false };

    const direction = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const order = [...(query.sortBy === 'planName' ? ['plan_name'] : []), 'created_at', 'subscription_id'].map((c) => `${c} ${direction}`).join(', ');
    // Which way to read a searched page. Left to itself the planner walks the sort index and
    // filters, which is quick while the matches are spread along that index and hopeless when they
    // sit at its far end: q=youtube sorted by plan name took 1.4 s on 200k rows (every YouTube row
    // comes last), a search for 11 rows a walk of thousands. So, with MATERIALIZED keeping the
    // ORDER BY/LIMIT out of the search's plan, the matches are read through the trigram indexes
    // and sorted when they are few (counted exactly, at most 1,000), and when a plan-name sort
    // meets a minority of the rows (a search for a plan name is exactly the case where they
    // cluster). Otherwise (many matches, newest or oldest first; or most rows match) the sort
    // index is walked: matches spread in time come every few rows.
    const materialise =
      query.q !== undefined && (exact || (query.sortBy === 'planName' && total * 2 < (await this.countByStatus(query.status))));
    const pageSql = materialise
      ? `WITH matches AS MATERIALIZED (SELECT subscription_id, created_at, plan_name ${fromWhere}) SELECT subscription_id FROM matches`
      : `SELECT subscription_id ${fromWhere}`;
    const ids = ((await manager.query(`${pageSql} ORDER BY ${order} OFFSET ${offset} LIMIT ${query.limit + 1}`, params)) as Array<{
      subscription_id: string;
    }>).map((row) => row.subscription_id);
    const hasNext = ids.length > query.limit;
    const pageIds = ids.slice(0, query.limit);
    if (pageIds.length === 0) return { items: [], total, totalIsExact: exact, hasNext };

    const rows = await this.uow.repository(SubscriptionOrmEntity).findBy({ subscriptionId: In(pageIds) });
    const byId = new Map(rows.map((row) => [row.subscriptionId, row]));
    const items = pageIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toSubscription(row)] : [];
    });
    return { items, total, totalIsExact: exact, hasNext };
  }

  /** Rows in the table (with that Status), from the trigger-kept counters: no table scan. */
  private async countByStatus(status: SubscriptionStatus | undefined): Promise<number> {
    const [row] = (await this.uow
      .manager()
      .query(
        `SELECT coalesce(sum(n), 0)::bigint AS n FROM subscription_status_totals${status === undefined ? '' : ' WHERE status = $1'}`,
        status === undefined ? [] : [status],
      )) as Array<{ n: string | number | bigint }>;
    return Number(row.n);
  }

  async changeStatus(subscriptionId: string, status: SubscriptionStatus): Promise<{ before: SubscriptionStatus; subscription: Subscription } | null> {
    if (!UUID.test(subscriptionId)) return null;
    // Joins the caller's transaction (the audit record commits with the change), else opens one.
    return this.uow.run(async () => {
      const rows = this.uow.repository(SubscriptionOrmEntity);
      const locked = await rows.createQueryBuilder('s').setLock('pessimistic_write').where('s.subscriptionId = :subscriptionId', { subscriptionId }).getOne();
      if (!locked) return null;
      if (locked.status !== status) await rows.update({ subscriptionId }, { status });
      const row = await rows.findOneByOrFail({ subscriptionId });
      return { before: locked.status, subscription: toSubscription(row) };
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

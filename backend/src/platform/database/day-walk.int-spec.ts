/**
 * Jumps by page number that start at their day (day-walk.ts) against the plain skip they replace,
 * and the per-day counts the triggers keep (ListDayCounts1765000000000) against the rows.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration,
 * the task list's and the refunds list's repositories. Rows are inserted by SQL, many at a time.
 */
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../test/support/database';
import { TypeOrmRefundRepository } from '../../modules/billing/adapters/persistence/refund.repository';
import { adminTaskQuery, type AdminTaskQuery } from '../../modules/subscriptions/domain/admin-task-list';
import { TypeOrmSubscriptionRepository } from '../../modules/subscriptions/adapters/persistence/subscription.repository';
import { SubscriptionOrmEntity } from '../../modules/subscriptions/adapters/persistence/subscription.orm-entity';
import { RefundOrmEntity, RefundRequestOrmEntity } from '../../modules/billing/adapters/persistence/refund.orm-entity';
import { WALK_FROM_OFFSET } from './day-walk';
import { LIST_DAY_COUNTS_DRIFT, ListDayCounts1765000000000 } from './migrations/1765000000000-list-day-counts';
import { UnitOfWork } from './unit-of-work';

/** Rows enough for jumps past WALK_FROM_OFFSET, over about 30 days, several on one moment. */
const ROWS = Math.round(1.5 * WALK_FROM_OFFSET) + 1300;

describe.each(testDatabaseKinds())('jumps by page number on %s', (kind) => {
  let dataSource: DataSource;
  let tasks: TypeOrmSubscriptionRepository;
  let refunds: TypeOrmRefundRepository;
  let userId: string;

  /** What list_day_counts says against a GROUP BY of the rows (every source), as differences. */
  const countsDrift = (): Promise<unknown[]> => dataSource.query(LIST_DAY_COUNTS_DRIFT);

  /** `count` subscriptions, created `spacing` apart going back from `newest`, Status 1 for every third. */
  async function addSubscriptions(count: number, newest: string, spacing: string, prefix: string): Promise<void> {
    await dataSource.query(
      `INSERT INTO subscriptions (user_id, plan_name, profile_link, order_id, payment_id, status, pricing, customer_email, customer_name, created_at)
       SELECT $1, 'YouTube', 'https://example.com/@x', $5 || g, 'pay_' || $5 || g, CASE WHEN g % 3 = 0 THEN 1 ELSE 0 END,
              '{"pricingId":"p","name":"Growth","price":"1.00","description":"","features":[],"isPopular":false,"currency":"USD"}',
              'walk@example.com', 'Walk', $3::timestamptz - (g / 4) * $4::interval
       FROM generate_series(1, $2::int) g`,
      [userId, count, newest, spacing, prefix],
    );
  }

  beforeAll(async () => {
    dataSource = await createTestDataSource([SubscriptionOrmEntity, RefundOrmEntity, RefundRequestOrmEntity], kind);
    const uow = new UnitOfWork(dataSource);
    tasks = new TypeOrmSubscriptionRepository(uow);
    refunds = new TypeOrmRefundRepository(uow);
    [{ user_id: userId }] = await dataSource.query(`INSERT INTO users (email, name) VALUES ('walk@example.com', 'Walk') RETURNING user_id`);
    // Four rows on each moment (the id breaks the tie), a moment every 20 minutes: about 290 a day.
    await addSubscriptions(ROWS, '2026-03-01T12:00:00Z', '20 minutes', 'order_w');
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  /** The ids of a page as the plain skip reads them: the answer the walk must give. */
  async function skipped(input: Partial<AdminTaskQuery>, offset: number, take: number): Promise<string[]> {
    const query = adminTaskQuery(input);
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const rows = (await dataSource.query(
      `SELECT subscription_id FROM subscriptions ${query.status === undefined ? '' : 'WHERE status = $1'} ORDER BY created_at ${direction}, subscription_id ${direction} OFFSET ${offset} LIMIT ${take}`,
      query.status === undefined ? [] : [query.status],
    )) as Array<{ subscription_id: string }>;
    return rows.map((row) => row.subscription_id);
  }

  it('keeps a count per day and Status that matches the rows', async () => {
    expect(await countsDrift()).toEqual([]);
  });

  it.each([
    ['newest first', {}],
    ['oldest first', { sortOrder: 'asc' as const }],
    ['Status In Process', { status: 0 as const }],
    ['Status In Process, oldest first', { status: 0 as const, sortOrder: 'asc' as const }],
  ])('reads the same deep pages as skipping would: %s', async (_name, input) => {
    const limit = 50;
    const total = (await tasks.pageForAdmin({ ...adminTaskQuery(input), limit })).total;
    const lastPage = Math.ceil(total / limit);
    // From where the walk starts to the last page, day edges and the tie of four included.
    const pages = [WALK_FROM_OFFSET / limit + 1, WALK_FROM_OFFSET / limit + 2, Math.floor((total * 0.9) / limit), lastPage - 1, lastPage].filter(
      (p) => (p - 1) * limit >= WALK_FROM_OFFSET && p <= lastPage,
    );
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) {
      const answer = await tasks.pageForAdmin({ ...adminTaskQuery(input), page, limit });
      expect({ page, ids: answer.items.map((s) => s.subscriptionId) }).toEqual({ page, ids: await skipped(input, (page - 1) * limit, limit) });
      expect(answer.hasNext).toBe(page < lastPage);
    }
  });

  it('reads the refunds list deep pages (refunds and requests, with and without a state) as skipping would', async () => {
    // A paid order for each subscription refunded or asked about; a processed refund for one in ten, an open request for seven in ten and a declined one for one in ten
    // (requests are cheaper to insert: no per-row trigger).
    await dataSource.query(`
      INSERT INTO payment_orders (order_id, user_id, email, plan_id, plan_name, plan_slug, tier, amount, currency, profile_link, status, payment_id, paid_at, created_at, expires_at)
      SELECT order_id, user_id, customer_email, gen_random_uuid(), plan_name, 'youtube', pricing, 1000, 'USD', profile_link, 'paid', payment_id, created_at, created_at, created_at + interval '30 minutes'
      FROM subscriptions WHERE right(order_id, 1) <> '9'`);
    await dataSource.query(`
      INSERT INTO refunds (refund_id, order_id, subscription_id, payment_id, amount, currency, reason, actor_role, state, idempotency_key, created_at, updated_at, settled_at)
      SELECT gen_random_uuid(), order_id, subscription_id, payment_id, 100, 'USD', 'staff', 'admin', 'processed', 'walk-' || order_id, created_at + interval '1 hour', created_at, created_at
      FROM subscriptions WHERE right(order_id, 1) = '8'`);
    await dataSource.query(`
      INSERT INTO refund_requests (request_id, order_id, subscription_id, source, reason, currency, state, created_at)
      SELECT gen_random_uuid(), order_id, subscription_id, 'customer', 'walk', 'USD', CASE WHEN right(order_id, 1) = '7' THEN 'declined' ELSE 'open' END, created_at + interval '2 hours'
      FROM subscriptions WHERE right(order_id, 1) < '8'`);
    expect(await countsDrift()).toEqual([]);

    const plain = async (state: string | null, offset: number, take: number) =>
      (
        (await dataSource.query(
          `SELECT x.kind || ':' || x.uid AS key FROM (
             SELECT 'refund' AS kind, refund_id AS uid, created_at, state FROM refunds
             UNION ALL SELECT 'request', request_id, created_at, state FROM refund_requests WHERE state <> 'approved') x
           WHERE ($1::text IS NULL OR x.state = $1) ORDER BY x.created_at DESC, x.uid DESC OFFSET ${offset} LIMIT ${take}`,
          [state],
        )) as Array<{ key: string }>
      ).map((row) => row.key);

    for (const state of [null, 'open'] as const) {
      const limit = 50;
      const lastPage = Math.ceil((await plain(state, 0, 1_000_000)).length / limit);
      expect(lastPage * limit).toBeGreaterThan(WALK_FROM_OFFSET + limit);
      for (const page of [WALK_FROM_OFFSET / limit + 1, WALK_FROM_OFFSET / limit + 9, lastPage]) {
        const answer = await refunds.page({ page, limit, state, q: null });
        expect({ state, page, keys: answer.items.map((row) => `${row.kind}:${row.id}`) }).toEqual({ state, page, keys: await plain(state, (page - 1) * limit, limit) });
      }
    }
  });
  it('stays exact when rows change Status, move to another day, arrive late or go, and after the counts are folded', async () => {
    await dataSource.query(`UPDATE subscriptions SET status = 1 - status WHERE order_id LIKE 'order_w1%'`);
    await dataSource.query(`UPDATE subscriptions SET created_at = created_at - interval '3 days' WHERE order_id LIKE 'order_w2%'`);
    await addSubscriptions(40, '2026-02-10T06:00:00Z', '1 minute', 'order_late');
    // Today's rows, two statements: a day still written to spreads its counts over shards.
    await addSubscriptions(30, new Date().toISOString(), '1 second', 'order_now1_');
    await addSubscriptions(30, new Date().toISOString(), '1 second', 'order_now2_');
    await dataSource.query(`DELETE FROM subscriptions WHERE order_id LIKE 'order_w3%'`);
    expect(await countsDrift()).toEqual([]);

    const [{ moved }] = await dataSource.query(`SELECT list_day_fold(now()) AS moved`);
    expect(Number(moved)).toBeGreaterThan(0);
    const [{ spread }] = await dataSource.query(`SELECT count(*)::int AS spread FROM list_day_counts WHERE shard <> 0`);
    expect(spread).toBe(0);
    expect(await countsDrift()).toEqual([]);

    for (const input of [{}, { status: 0 as const }]) {
      const page = WALK_FROM_OFFSET / 20 + 7;
      const answer = await tasks.pageForAdmin({ ...adminTaskQuery(input), page, limit: 20 });
      expect(answer.items.map((s) => s.subscriptionId)).toEqual(await skipped(input, (page - 1) * 20, 20));
    }
  });

  it('counts the rows a shop already has when the migration runs (down, then up)', async () => {
    const runner = dataSource.createQueryRunner();
    try {
      const migration = new ListDayCounts1765000000000();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const [{ n }] = await dataSource.query(`SELECT coalesce(sum(n), 0)::int AS n FROM list_day_counts`);
    expect(n).toBeGreaterThan(ROWS);
    expect(await countsDrift()).toEqual([]);
  });

  it('recounts after a TRUNCATE', async () => {
    await dataSource.query(`TRUNCATE subscriptions CASCADE`);
    expect(await countsDrift()).toEqual([]);
    const [{ n }] = await dataSource.query(`SELECT coalesce(sum(n), 0)::int AS n FROM list_day_counts WHERE list = 'tasks'`);
    expect(n).toBe(0);
    await addSubscriptions(50, '2026-03-01T12:00:00Z', '20 minutes', 'order_again');
    expect(await countsDrift()).toEqual([]);
  });
});

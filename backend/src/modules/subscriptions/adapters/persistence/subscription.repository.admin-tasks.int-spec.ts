/**
 * The admin's task list, status change and batch lookups of TypeOrmSubscriptionRepository, and the
 * batch counters of TypeOrmSubscriptionCounts, on a real database.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration
 * (pg_trgm, the trigram indexes, the trigger-kept Status counters), TypeORM, the UnitOfWork.
 * Fake: nothing (users are inserted by SQL, as the foreign key needs them).
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { boundedCount } from '../../../../platform/database/bounded-count';
import { CustomerEmails1764400000000 } from '../../../../platform/database/migrations/1764400000000-customer-emails';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { type AdminTaskQuery, adminTaskQuery } from '../../domain/admin-task-list';
import { TypeOrmSubscriptionCounts } from './subscription-counts.query';
import { SubscriptionOrmEntity } from './subscription.orm-entity';
import { TypeOrmSubscriptionRepository } from './subscription.repository';

describe.each(testDatabaseKinds())('admin task list on %s', (kind) => {
  let dataSource: DataSource;
  let repository: TypeOrmSubscriptionRepository;
  const users: Record<string, string> = {};
  const ids: Record<string, string> = {};

  /** A purchase as billing records it (customer's address and name at purchase), then its Status and time. */
  async function stored(who: string, orderId: string, paymentId: string, planName: string, status: number, createdAt: string) {
    const { subscription } = await repository.insertOnce({
      userId: users[who],
      planId: null,
      planName,
      profileLink: `https://example.com/@${orderId}`,
      orderId,
      paymentId,
      pricing: { pricingId: randomUUID(), name: 'Growth', price: '19.99', description: 'More', features: ['Real'], isPopular: false, currency: 'USD' },
      customerEmail: `${who}@example.com`,
      customerName: who[0].toUpperCase() + who.slice(1),
    });
    await dataSource.query('UPDATE subscriptions SET status = $2, created_at = $3 WHERE subscription_id = $1', [subscription.subscriptionId, status, createdAt]);
    ids[orderId] = subscription.subscriptionId;
  }

  const page = (input: Partial<AdminTaskQuery>, limit?: number) => repository.pageForAdmin({ ...adminTaskQuery(input), ...(limit ? { limit } : {}) });
  const orders = async (input: Partial<AdminTaskQuery>, limit?: number) => (await page(input, limit)).items.map((s) => s.orderId);

  beforeAll(async () => {
    dataSource = await createTestDataSource([SubscriptionOrmEntity], kind);
    repository = new TypeOrmSubscriptionRepository(new UnitOfWork(dataSource));
    for (const who of ['alice', 'bob', 'carol', 'dave']) {
      const [row] = await dataSource.query('INSERT INTO users (email, name) VALUES ($1, $2) RETURNING user_id', [`${who}@example.com`, who]);
      users[who] = row.user_id;
    }
    await stored('alice', 'order_A1', 'pay_P1', 'YouTube', 0, '2025-03-01T10:00:00Z');
    await stored('bob', 'order_B1', 'pay_P2', 'Instagram', 1, '2025-03-02T10:00:00Z');
    await stored('alice', 'order_A2', 'pay_P3', 'TikTok', 0, '2025-03-03T10:00:00Z');
    await stored('carol', 'order_C1', 'pay_Zed_100%', 'YouTube', 1, '2025-03-04T10:00:00Z');
    // Two at the same moment: the subscription id decides between them, the same way on every page.
    await stored('bob', 'order_B2', 'pay_P5', 'LinkedIn', 0, '2025-03-05T10:00:00Z');
    await stored('dave', 'order_D1', 'pay_P6', 'Facebook', 0, '2025-03-05T10:00:00Z');
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  const tiedNewestFirst = () => (ids.order_B2 > ids.order_D1 ? ['order_B2', 'order_D1'] : ['order_D1', 'order_B2']);

  it('lists everyone newest first, each with its customer at purchase, and counts from the Status counters', async () => {
    const first = await page({});
    expect(first.items.map((s) => s.orderId)).toEqual([...tiedNewestFirst(), 'order_C1', 'order_A2', 'order_B1', 'order_A1']);
    expect(first).toMatchObject({ total: 6, totalIsExact: true, hasNext: false });
    expect(first.items.find((s) => s.orderId === 'order_C1')).toMatchObject({
      customerEmail: 'carol@example.com',
      customerName: 'Carol',
      userId: users.carol,
      status: 1,
    });
    const [{ n }] = await dataSource.query('SELECT sum(n)::int AS n FROM subscription_status_totals');
    expect(n).toBe(6);
  });

  it('pages with an exact hasNext, and answers a page past the end with no rows and the true total', async () => {
    const all = await orders({});
    const pages = [];
    for (let n = 1; n <= 3; n++) pages.push(await page({ page: n }, 2));
    expect(pages.map((p) => p.items.map((s) => s.orderId))).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4, 6)]);
    expect(pages.map((p) => p.hasNext)).toEqual([true, true, false]);
    expect(await page({ page: 4 }, 2)).toEqual({ items: [], total: 6, totalIsExact: true, hasNext: false, next: null, prev: null });
    expect(await page({ page: 1_000_000 }, 100)).toEqual({ items: [], total: 6, totalIsExact: true, hasNext: false, next: null, prev: null });
  });

  it('sorts oldest first', async () => {
    expect(await orders({ sortOrder: 'asc' })).toEqual(['order_A1', 'order_B1', 'order_A2', 'order_C1', ...tiedNewestFirst().reverse()]);
  });

  it('sorts by plan name, then creation time, both in the asked direction', async () => {
    expect(await orders({ sortBy: 'planName', sortOrder: 'asc' })).toEqual(['order_D1', 'order_B1', 'order_B2', 'order_A2', 'order_A1', 'order_C1']);
    expect(await orders({ sortBy: 'planName', sortOrder: 'desc' })).toEqual(['order_C1', 'order_A1', 'order_A2', 'order_B2', 'order_B1', 'order_D1']);
    const second = await page({ sortBy: 'planName', sortOrder: 'asc', page: 2 }, 2);
    expect(second.items.map((s) => s.planName)).toEqual(['LinkedIn', 'TikTok']);
  });

  it('filters by Status, with the total of that Status, and any number the table holds', async () => {
    const active = await page({ status: 0 });
    expect(active.items.map((s) => s.orderId)).toEqual([...tiedNewestFirst(), 'order_A2', 'order_A1']);
    expect(active).toMatchObject({ total: 4, totalIsExact: true });
    const completed = await page({ status: 1, sortOrder: 'asc' });
    expect(completed.items.map((s) => s.orderId)).toEqual(['order_B1', 'order_C1']);
    expect(completed.total).toBe(2);
    expect(await page({ status: 7 })).toEqual({ items: [], total: 0, totalIsExact: true, hasNext: false, next: null, prev: null });
  });

  it('filters the orders that need review, counted on their partial index, with the Status filter, the search and the sorts', async () => {
    const review = ['order_A1', 'order_C1', 'order_D1'];
    // The fulfilment module's rows (migration 1765300000000-fulfilments); null: back on the manual path.
    const setState = (orderIds: string[], state: string | null) =>
      state === null
        ? dataSource.query(`DELETE FROM fulfilments WHERE subscription_id IN (SELECT subscription_id FROM subscriptions WHERE order_id = ANY($1::text[]))`, [orderIds])
        : dataSource.query(
            `INSERT INTO fulfilments (subscription_id, fulfilment_state, upstream_service_id, upstream_quantity, fulfilment_queued_at, fulfilment_note)
             SELECT subscription_id, $2, '1', 100, now(), 'No clear answer from the provider (timeout): check its panel before retrying'
               FROM subscriptions WHERE order_id = ANY($1::text[])
             ON CONFLICT (subscription_id) DO UPDATE SET fulfilment_state = EXCLUDED.fulfilment_state`,
            [orderIds, state],
          );
    await setState(review, 'needs_review');
    await setState(['order_B2'], 'queued');
    try {
      const found = await page({ fulfilment: 'needs_review' });
      expect(found).toMatchObject({ total: 3, totalIsExact: true, hasNext: false });
      expect(found.items.map((s) => s.orderId)).toEqual(['order_D1', 'order_C1', 'order_A1']);
      expect(found.items[0].fulfilment).toMatchObject({ state: 'needs_review', note: 'No clear answer from the provider (timeout): check its panel before retrying' });
      expect(await orders({ fulfilment: 'needs_review', sortOrder: 'asc' })).toEqual(['order_A1', 'order_C1', 'order_D1']);
      expect(await orders({ fulfilment: 'needs_review', sortBy: 'planName', sortOrder: 'asc' })).toEqual(['order_D1', 'order_A1', 'order_C1']);
      expect(await page({ fulfilment: 'needs_review', page: 2 }, 2)).toMatchObject({
        total: 3,
        hasNext: false,
        items: [expect.objectContaining({ orderId: 'order_A1' })],
      });
      expect(await page({ fulfilment: 'needs_review', page: 3 }, 2)).toEqual({ items: [], total: 3, totalIsExact: true, hasNext: false, next: null, prev: null });
      const completed = await page({ fulfilment: 'needs_review', status: 1 });
      expect(completed.items.map((s) => s.orderId)).toEqual(['order_C1']);
      expect(completed.total).toBe(1);
      expect(await orders({ fulfilment: 'needs_review', q: 'alice@' })).toEqual(['order_A1']);
      expect((await page({ fulfilment: 'needs_review', q: 'example.com' })).total).toBe(3);
      // The other filters are as they were.
      expect((await page({})).total).toBe(6);
      expect((await page({ status: 0 })).total).toBe(4);
    } finally {
      await setState([...review, 'order_B2'], null);
    }
  });

  it.each([
    ['order id', 'ORDER_b', ['order_B2', 'order_B1']],
    ['payment id', 'pay_p3', ['order_A2']],
    ['plan name', 'youTUBE', ['order_C1', 'order_A1']],
    ['customer e-mail', 'CAROL@EXAMPLE', ['order_C1']],
    ['customer e-mail, part of it', 'ice@exa', ['order_A2', 'order_A1']],
  ])('searches the %s, case-insensitively (%j)', async (_field, q, expected) => {
    const found = await page({ q });
    expect(found.items.map((s) => s.orderId)).toEqual(expected);
    expect(found).toMatchObject({ total: expected.length, totalIsExact: true, hasNext: false });
  });

  it('takes LIKE wildcards in the search literally', async () => {
    expect(await orders({ q: '100%' })).toEqual(['order_C1']);
    expect(await orders({ q: 'zed_1' })).toEqual(['order_C1']);
    expect(await orders({ q: '%' })).toEqual(['order_C1']);
    expect(await orders({ q: 'o_der' })).toEqual([]);
    expect(await orders({ q: '\\' })).toEqual([]);
  });

  it('combines the search with the Status filter and a sort, and pages the matches', async () => {
    expect(await orders({ q: 'example.com', status: 0, sortOrder: 'asc' })).toEqual(['order_A1', 'order_A2', ...tiedNewestFirst().reverse()]);
    const second = await page({ q: 'example.com', page: 2 }, 2);
    expect(second).toMatchObject({ total: 6, totalIsExact: true, hasNext: true });
    expect(await page({ q: 'example.com', page: 4 }, 2)).toEqual({ items: [], total: 6, totalIsExact: true, hasNext: false, next: null, prev: null });
    expect(await page({ q: 'nobody-has-this' })).toEqual({ items: [], total: 0, totalIsExact: true, hasNext: false, next: null, prev: null });
  });

  it('reports the planner estimate, never below the cap, once a search matches more than the cap', async () => {
    const counted = await boundedCount(dataSource.manager, 'FROM subscriptions WHERE customer_email ILIKE $1', ['%example.com%'], 3);
    expect(counted.exact).toBe(false);
    expect(counted.total).toBeGreaterThanOrEqual(4);
    expect(await boundedCount(dataSource.manager, 'FROM subscriptions WHERE customer_email ILIKE $1', ['%example.com%'], 6)).toEqual({ total: 6, exact: true });
  });

  describe('changeStatus', () => {
    it('sets the Status under a row lock, returns the one before, and the counters follow', async () => {
      const uow = new UnitOfWork(dataSource);
      const inTx = new TypeOrmSubscriptionRepository(uow);
      const changed = await uow.run(() => inTx.changeStatus(ids.order_A1, 1));
      expect(changed?.before).toBe(0);
      expect(changed?.subscription).toMatchObject({ subscriptionId: ids.order_A1, status: 1, customerEmail: 'alice@example.com' });
      expect((await page({ status: 0 })).total).toBe(3);
      expect((await page({ status: 1 })).items.map((s) => s.orderId)).toEqual(['order_C1', 'order_B1', 'order_A1']);
      expect((await page({})).total).toBe(6);

      const again = await repository.changeStatus(ids.order_A1, 1);
      expect(again?.before).toBe(1);
      await repository.changeStatus(ids.order_A1, 0);
      expect((await page({ status: 0 })).total).toBe(4);
    });

    it('answers null for an unknown id or one that is not an id', async () => {
      expect(await repository.changeStatus(randomUUID(), 1)).toBeNull();
      expect(await repository.changeStatus("x' OR 1=1 --", 1)).toBeNull();
    });

    it('leaves the Status as it was when the surrounding transaction fails', async () => {
      const uow = new UnitOfWork(dataSource);
      const inTx = new TypeOrmSubscriptionRepository(uow);
      await expect(
        uow.run(async () => {
          await inTx.changeStatus(ids.order_A2, 1);
          throw new Error('the audit record failed');
        }),
      ).rejects.toThrow('the audit record failed');
      expect((await page({ q: 'order_A2' })).items[0].status).toBe(0);
      expect((await page({ status: 0 })).total).toBe(4);
    });
  });

  it('counts the Status counters right through inserts, updates and deletes', async () => {
    const extra = `order_X${randomUUID().slice(0, 8)}`;
    await stored('dave', extra, 'pay_X', 'Threads', 1, '2025-01-01T00:00:00Z');
    expect((await page({ status: 1 })).total).toBe(3);
    await dataSource.query('DELETE FROM subscriptions WHERE order_id = $1', [extra]);
    expect((await page({ status: 1 })).total).toBe(2);
    const [{ exact }] = await dataSource.query('SELECT (SELECT sum(n) FROM subscription_status_totals) = (SELECT count(*) FROM subscriptions) AS exact');
    expect(exact).toBe(true);
  });

  it('finds which orders became subscriptions, in one call', async () => {
    const found = await repository.subscriptionIdsOfOrders(['order_A1', 'order_B1', 'order_none']);
    expect(found).toEqual(
      new Map([
        ['order_A1', ids.order_A1],
        ['order_B1', ids.order_B1],
      ]),
    );
    expect(await repository.subscriptionIdsOfOrders([])).toEqual(new Map());
  });

  it("counts a page of customers' subscriptions in one query (identity's SubscriptionCounts)", async () => {
    const counts = new TypeOrmSubscriptionCounts(dataSource.getRepository(SubscriptionOrmEntity));
    const nobody = randomUUID();
    const found = await counts.countsFor([users.alice, users.bob, users.carol, nobody, 'not-an-id']);
    expect(found).toEqual(
      new Map([
        [users.alice, { total: 2, active: 2, completed: 0 }],
        [users.bob, { total: 2, active: 1, completed: 1 }],
        [users.carol, { total: 1, active: 0, completed: 1 }],
        [nobody, { total: 0, active: 0, completed: 0 }],
        ['not-an-id', { total: 0, active: 0, completed: 0 }],
      ]),
    );
    for (const who of ['alice', 'bob', 'carol']) expect(found.get(users[who])).toEqual(await counts.countFor(users[who]));
    expect(await counts.countsFor([])).toEqual(new Map());
  });
});

describe.each(testDatabaseKinds())('admin task list past the exact count on %s', (kind) => {
  let dataSource: DataSource;
  let repository: TypeOrmSubscriptionRepository;

  beforeAll(async () => {
    dataSource = await createTestDataSource([SubscriptionOrmEntity], kind);
    repository = new TypeOrmSubscriptionRepository(new UnitOfWork(dataSource));
    const [{ user_id: userId }] = await dataSource.query(`INSERT INTO users (email, name) VALUES ('bulk@example.com', 'Bulk') RETURNING user_id`);
    // 1,200 Spotify purchases (minutes 1..1200 of 2025) and 1,300 YouTube ones (later), by SQL.
    await dataSource.query(
      `INSERT INTO subscriptions (user_id, plan_name, profile_link, order_id, payment_id, status, pricing, customer_email, customer_name, created_at)
       SELECT $1, CASE WHEN g <= 1200 THEN 'Spotify' ELSE 'YouTube' END, 'https://example.com', 'order_Bulk' || g, 'pay_Bulk' || g, g % 2, '{}',
              CASE WHEN g <= 1200 THEN 'spot@example.com' ELSE 'tube@example.com' END, 'Bulk', timestamptz '2025-01-01' + g * interval '1 minute'
       FROM generate_series(1, 2500) g`,
      [userId],
    );
    await dataSource.query('ANALYZE subscriptions');
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('reports an estimate above 1,000 matches, with an exact hasNext, and pages a minority search in order', async () => {
    const first = await repository.pageForAdmin(adminTaskQuery({ q: 'spot@' }));
    expect(first.totalIsExact).toBe(false);
    expect(first.total).toBeGreaterThan(1000);
    expect(first.hasNext).toBe(true);
    expect(first.items.map((s) => s.orderId)).toEqual(Array.from({ length: 10 }, (_, n) => `order_Bulk${1200 - n}`));
    const byPlan = await repository.pageForAdmin(adminTaskQuery({ q: 'spot@', sortBy: 'planName', sortOrder: 'desc', page: 120 }));
    expect(byPlan.items.map((s) => s.orderId)).toEqual(Array.from({ length: 10 }, (_, n) => `order_Bulk${10 - n}`));
    expect(byPlan.hasNext).toBe(false);
  });

  it('walks the sort index for a search matching most rows, in the same order', async () => {
    const page = await repository.pageForAdmin(adminTaskQuery({ q: '@example.com', sortBy: 'planName', sortOrder: 'asc', page: 2 }));
    expect(page.totalIsExact).toBe(false);
    expect(page.items.map((s) => s.orderId)).toEqual(Array.from({ length: 10 }, (_, n) => `order_Bulk${11 + n}`));
    expect(page.hasNext).toBe(true);
    const status = await repository.pageForAdmin(adminTaskQuery({ q: 'bulk', status: 1 }));
    expect(status.items.map((s) => s.orderId)).toEqual([
      'order_Bulk2499',
      'order_Bulk2497',
      'order_Bulk2495',
      'order_Bulk2493',
      'order_Bulk2491',
      'order_Bulk2489',
      'order_Bulk2487',
      'order_Bulk2485',
      'order_Bulk2483',
      'order_Bulk2481',
    ]);
  });
});

describe.each(testDatabaseKinds())('admin task search by customer e-mail on %s', (kind) => {
  let dataSource: DataSource;
  let repository: TypeOrmSubscriptionRepository;
  let userId: string;

  /** `count` subscriptions by SQL (the statement triggers run), customer address `email(g)`, minute g of 2024. */
  async function bulk(prefix: string, count: number, email: string, from = 1) {
    await dataSource.query(
      `INSERT INTO subscriptions (user_id, plan_name, profile_link, order_id, payment_id, status, pricing, customer_email, customer_name, created_at)
       SELECT $1, 'Spotify', 'https://example.com', $2 || g, 'pay_' || $2 || g, g % 2, '{}', ${email}, 'Bulk', timestamptz '2024-01-01' + g * interval '1 minute'
       FROM generate_series($3::int, $4::int) g`,
      [userId, prefix, from, from + count - 1],
    );
  }
  const search = (input: Partial<AdminTaskQuery>) => repository.pageForAdmin(adminTaskQuery(input));
  const orderIds = (found: { items: Array<{ orderId: string }> }) => found.items.map((s) => s.orderId);
  const known = async (email: string) => (await dataSource.query('SELECT 1 FROM subscription_customer_emails WHERE email = $1', [email])).length === 1;

  beforeAll(async () => {
    dataSource = await createTestDataSource([SubscriptionOrmEntity], kind);
    repository = new TypeOrmSubscriptionRepository(new UnitOfWork(dataSource));
    [{ user_id: userId }] = await dataSource.query(`INSERT INTO users (email, name) VALUES ('bulk@example.com', 'Bulk') RETURNING user_id`);
    // 1,100 purchases by 110 customers (buyer0..buyer109@many.test), one a minute.
    await bulk('order_M', 1100, `'buyer' || (g % 110) || '@many.test'`);
    await dataSource.query('ANALYZE subscriptions');
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('keeps each address once, from the rows already there (migration) and every insert and update after (triggers)', async () => {
    const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM subscription_customer_emails WHERE email LIKE '%@many.test'`);
    expect(n).toBe(110);

    // The migration's backfill: undone and redone over the rows there.
    const runner = dataSource.createQueryRunner();
    try {
      const migration = new CustomerEmails1764400000000();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const [{ n: again }] = await dataSource.query(`SELECT count(*)::int AS n FROM subscription_customer_emails WHERE email LIKE '%@many.test'`);
    expect(again).toBe(110);

    const { subscription } = await repository.insertOnce({
      userId,
      planId: null,
      planName: 'YouTube',
      profileLink: 'https://example.com/@erin',
      orderId: 'order_Erin',
      paymentId: 'pay_Erin',
      pricing: { pricingId: randomUUID(), name: 'Growth', price: '19.99', description: 'More', features: ['Real'], isPopular: false, currency: 'USD' },
      customerEmail: 'erin.x@shop.test',
      customerName: 'Erin',
    });
    expect(await known('erin.x@shop.test')).toBe(true);
    expect(await search({ q: 'ERIN.X@' })).toMatchObject({ total: 1, totalIsExact: true, hasNext: false, items: [{ orderId: 'order_Erin' }] });

    await dataSource.query(`UPDATE subscriptions SET customer_email = 'frank.y@shop.test' WHERE subscription_id = $1`, [subscription.subscriptionId]);
    expect(await known('frank.y@shop.test')).toBe(true);
    expect(orderIds(await search({ q: 'frank.y' }))).toEqual(['order_Erin']);
    // The old address stays known, and finds nothing now.
    expect(await search({ q: 'erin.x@' })).toEqual({ items: [], total: 0, totalIsExact: true, hasNext: false, next: null, prev: null });
    await dataSource.query(`DELETE FROM subscriptions WHERE subscription_id = $1`, [subscription.subscriptionId]);
    expect(await search({ q: 'frank.y' })).toEqual({ items: [], total: 0, totalIsExact: true, hasNext: false, next: null, prev: null });
  });

  it('finds the subscriptions of a fragment matching a few addresses, counted exactly and paged in order', async () => {
    // buyer1, buyer10..19, buyer100..109: 21 addresses, 210 subscriptions.
    const first = await search({ q: 'BUYER1' });
    expect(first).toMatchObject({ total: 210, totalIsExact: true, hasNext: true });
    const expected = Array.from({ length: 1100 }, (_, n) => 1100 - n).filter((g) => /^1\d*$/.test(String(g % 110)));
    expect(expected).toHaveLength(210);
    expect(orderIds(first)).toEqual(expected.slice(0, 10).map((g) => `order_M${g}`));
    const last = await search({ q: 'buyer1', page: 21 });
    expect(orderIds(last)).toEqual(expected.slice(200).map((g) => `order_M${g}`));
    expect(last.hasNext).toBe(false);
    expect(await search({ q: 'buyer1', page: 22 })).toEqual({ items: [], total: 210, totalIsExact: true, hasNext: false, next: null, prev: null });
    // A whole address, oldest first, with the Status filter (g % 2).
    expect(orderIds(await search({ q: 'buyer7@many.test', sortOrder: 'asc', status: 1 }))).toEqual([
      'order_M7',
      'order_M117',
      'order_M227',
      'order_M337',
      'order_M447',
      'order_M557',
      'order_M667',
      'order_M777',
      'order_M887',
      'order_M997',
    ]);
    expect((await search({ q: 'buyer7@many.test' })).total).toBe(10);
    // The other fields still match alongside the addresses.
    expect(orderIds(await search({ q: 'pay_order_M1099' }))).toEqual(['order_M1099']);
  });

  it('still searches by e-mail when a fragment matches more than 100 addresses', async () => {
    const status = await search({ q: '@many.TEST', status: 1 });
    expect(status).toMatchObject({ total: 550, totalIsExact: true, hasNext: true });
    expect(orderIds(status)).toEqual(Array.from({ length: 10 }, (_, n) => `order_M${1099 - 2 * n}`));
    expect(orderIds(await search({ q: '@many.test', status: 1, page: 55 }))).toEqual(Array.from({ length: 10 }, (_, n) => `order_M${19 - 2 * n}`));
    const all = await search({ q: '@many.test' });
    expect(all.totalIsExact).toBe(false);
    expect(all.total).toBeGreaterThan(1000);
    expect(orderIds(all)).toEqual(Array.from({ length: 10 }, (_, n) => `order_M${1100 - n}`));
  });

  it('takes LIKE wildcards in an e-mail search literally', async () => {
    await bulk('order_W', 1, `'a_b@wild.test'`);
    await bulk('order_X', 1, `'axb@wild.test'`);
    await bulk('order_P', 1, `'c%d@wild.test'`);
    await bulk('order_Q', 1, `'cxd@wild.test'`);
    await bulk('order_S', 1, `'e\\f@wild.test'`);
    expect(orderIds(await search({ q: 'a_b@' }))).toEqual(['order_W1']);
    expect(orderIds(await search({ q: 'c%d@' }))).toEqual(['order_P1']);
    expect(orderIds(await search({ q: 'e\\f@' }))).toEqual(['order_S1']);
    expect(orderIds(await search({ q: '_b@wild' }))).toEqual(['order_W1']);
    expect(await search({ q: 'a%b@' })).toEqual({ items: [], total: 0, totalIsExact: true, hasNext: false, next: null, prev: null });
  });

  it('counts exactly up to 1,000 matches, and estimates from 1,001', async () => {
    await bulk('order_E', 1000, `'exact@cap.test'`, 5000);
    const full = await search({ q: 'exact@cap' });
    expect(full).toMatchObject({ total: 1000, totalIsExact: true, hasNext: true });
    expect(orderIds(full)[0]).toBe('order_E5999');
    expect(await search({ q: 'exact@cap', page: 100 })).toMatchObject({ total: 1000, totalIsExact: true, hasNext: false });
    expect(orderIds(await search({ q: 'exact@cap', page: 100 }))).toEqual(Array.from({ length: 10 }, (_, n) => `order_E${5009 - n}`));
    expect(await search({ q: 'exact@cap', page: 101 })).toEqual({ items: [], total: 1000, totalIsExact: true, hasNext: false, next: null, prev: null });
    await bulk('order_E', 1, `'exact@cap.test'`, 6000);
    const over = await search({ q: 'exact@cap' });
    expect(over.totalIsExact).toBe(false);
    expect(over.total).toBeGreaterThanOrEqual(1001);
    expect(orderIds(over)[0]).toBe('order_E6000');
  });

  it.each([
    ['newest first', { q: 'exact@cap' }],
    ['by plan name, oldest first', { q: 'exact@cap', sortBy: 'planName' as const, sortOrder: 'asc' as const }],
    ['without a search, by plan name', { sortBy: 'planName' as const, sortOrder: 'desc' as const }],
    ['with a Status filter', { status: 1 as const }],
  ])('reads Next and Previous by keyset as the pages by number, past the exact count too (%s)', async (_case, filters) => {
    for (const page of [1, 2, 57]) {
      const here = await search({ ...filters, page });
      const next = await search({ ...filters, page: page + 1 });
      expect(here.next).not.toBeNull();
      const byCursor = await repository.pageForAdmin({ ...adminTaskQuery({ ...filters, page: page + 1 }), keyset: { direction: 'after', key: here.next! } });
      expect(orderIds(byCursor)).toEqual(orderIds(next));
      expect(byCursor.hasNext).toBe(next.hasNext);
      const back = await repository.pageForAdmin({ ...adminTaskQuery({ ...filters, page }), keyset: { direction: 'before', key: next.prev! } });
      expect(orderIds(back)).toEqual(orderIds(here));
    }
  });
});

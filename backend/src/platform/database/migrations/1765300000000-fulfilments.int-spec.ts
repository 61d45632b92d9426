/**
 * The fulfilments table (migration 1765300000000-fulfilments) on a shop with orders on both paths:
 * down puts every fulfilment back on its subscription's columns, up moves them to fulfilments again,
 * and the rows, the manual orders (no row) and the report rollups come out as they went in.
 * Real: the PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every
 * migration. Fake: nothing; rows are written by SQL.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../test/support/database';
import { countedAttention, countedSales, keptAttention, keptSales } from '../../../../test/reports/rollup-check';
import { Fulfilments1765300000000 } from './1765300000000-fulfilments';

describe.each(testDatabaseKinds())('fulfilments migration on %s', (kind) => {
  let db: DataSource;

  beforeAll(async () => {
    db = await createTestDataSource([], kind);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  const COLUMNS = `subscription_id, fulfilment_state, upstream_service_id, upstream_service_name, upstream_quantity, upstream_order_id, upstream_status,
    upstream_charge, upstream_currency, upstream_start_count::text AS start_count, upstream_remains::text AS remains, fulfilment_note,
    fulfilment_queued_at, fulfilment_placing_at, fulfilment_placed_at, fulfilment_checked_at, refill_days, refill_summary`;

  async function order(status: number): Promise<string> {
    const [user] = await db.query(`INSERT INTO users (email, name) VALUES ($1, 'Ann') RETURNING user_id`, [`mig-${randomUUID()}@example.com`]);
    const orderId = `order_${randomUUID().slice(0, 12)}`;
    await db.query(
      `INSERT INTO payment_orders (order_id, user_id, email, plan_id, plan_name, plan_slug, tier, amount, currency, profile_link, status, payment_id, paid_at, created_at, expires_at)
       VALUES ($1, $2, 'ann@example.com', $3, 'YouTube', 'youtube', '{"name":"Growth","price":"9.99","currency":"USD"}', 999, 'USD', 'https://example.com/@ann', 'paid', $4,
               '2026-01-10T10:00:00Z', '2026-01-10T10:00:00Z', '2026-01-10T10:30:00Z')`,
      [orderId, user.user_id, randomUUID(), `pay_${orderId}`],
    );
    const [row] = await db.query(
      `INSERT INTO subscriptions (user_id, plan_name, profile_link, order_id, payment_id, status, pricing, created_at)
       VALUES ($1, 'YouTube', 'https://example.com/@ann', $2, $3, $4, '{"name":"Growth","price":"9.99","currency":"USD"}', '2026-01-10T10:00:00Z')
       RETURNING subscription_id`,
      [user.user_id, orderId, `pay_${orderId}`, status],
    );
    return row.subscription_id;
  }

  const snapshot = async () => ({
    rows: await db.query(`SELECT ${COLUMNS} FROM fulfilments ORDER BY subscription_id`),
    sales: await keptSales(db),
    attention: await keptAttention(db),
  });

  it('moves every fulfilment back to its subscription and out again, the rollups unchanged, on a full database', async () => {
    const manual = await order(0);
    const rows = [
      [await order(0), `'queued', '7', NULL, 100, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '2026-01-10T10:01:00Z', NULL, NULL, NULL, 0, NULL`],
      [
        await order(0),
        `'needs_review', '7', 'Views', 100, NULL, NULL, NULL, NULL, NULL, NULL, 'No clear answer', '2026-01-10T10:01:00Z', '2026-01-10T10:02:00Z', NULL, NULL, 0, NULL`,
      ],
      [
        await order(0),
        `'open', '8', 'Likes', 500, '9001', 'In progress', '0.2784', 'USD', 9007199254740991, 120, NULL, '2026-01-10T10:01:00Z', '2026-01-10T10:02:00Z', '2026-01-10T10:03:00Z', '2026-01-11T00:00:00Z', 30, NULL`,
      ],
      [
        await order(1),
        `'done', '8', 'Likes', 500, '9002', 'Completed', '1.5', 'EUR', 10, 0, NULL, '2026-01-10T10:01:00Z', '2026-01-10T10:02:00Z', '2026-01-10T10:03:00Z', '2026-01-11T00:00:00Z', 30,
         '{"history":[{"refillId":"r1","state":"completed","actor":"customer","requestedAt":1}]}'`,
      ],
      [await order(3), `'done', '8', NULL, 500, '9003', 'Canceled', '2', 'USD', NULL, NULL, NULL, '2026-01-10T10:01:00Z', NULL, '2026-01-10T10:03:00Z', NULL, 0, NULL`],
      [await order(3), `'canceled', '8', NULL, 500, NULL, NULL, NULL, NULL, NULL, NULL, 'Cancelled by staff', '2026-01-10T10:01:00Z', NULL, NULL, NULL, 0, NULL`],
    ];
    for (const [id, values] of rows)
      await db.query(
        `INSERT INTO fulfilments (subscription_id, fulfilment_state, upstream_service_id, upstream_service_name, upstream_quantity, upstream_order_id, upstream_status,
           upstream_charge, upstream_currency, upstream_start_count, upstream_remains, fulfilment_note, fulfilment_queued_at, fulfilment_placing_at, fulfilment_placed_at,
           fulfilment_checked_at, refill_days, refill_summary)
         VALUES ($1, ${values})`,
        [id],
      );
    const before = await snapshot();
    expect(before.rows).toHaveLength((await db.query(`SELECT count(*)::int AS n FROM fulfilments`))[0].n);
    expect(before.sales).toEqual(await countedSales(db));
    expect(before.attention).toEqual(await countedAttention(db));

    const migration = new Fulfilments1765300000000();
    const runner = db.createQueryRunner();
    try {
      await migration.down(runner);
      // Down: the columns are the subscription's again, a manual order's all empty.
      const [back] = await runner.query(`SELECT ${COLUMNS} FROM subscriptions WHERE subscription_id = $1`, [rows[3][0]]);
      expect(back).toEqual(before.rows.find((row: { subscription_id: string }) => row.subscription_id === rows[3][0]));
      const [none] = await runner.query(`SELECT fulfilment_state, refill_days, refill_summary FROM subscriptions WHERE subscription_id = $1`, [manual]);
      expect(none).toEqual({ fulfilment_state: null, refill_days: 0, refill_summary: null });
      expect(await keptSales(runner)).toEqual(before.sales);
      expect(await keptAttention(runner)).toEqual(before.attention);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await snapshot()).toEqual(before);
    expect(await db.query(`SELECT 1 FROM fulfilments WHERE subscription_id = $1`, [manual])).toEqual([]);
  });
});

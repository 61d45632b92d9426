/**
 * A Partial order's upstream cost in the Overview's rollups (migration
 * 1765600000000-partial-upstream-cost): on a shop with a Partial order whose remains are known, one
 * whose remains are not, and a Completed one, down counts every charge whole and up counts the
 * Partial one's delivered share; a later change of the remains moves the rollup with it. Real: the
 * PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration and the
 * rollup triggers. Fake: nothing; rows are written by SQL.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../test/support/database';
import { PartialUpstreamCost1765600000000 } from './1765600000000-partial-upstream-cost';

describe.each(testDatabaseKinds())('Partial upstream cost migration on %s', (kind) => {
  let db: DataSource;
  const day = '2026-02-10T10:00:00Z';

  beforeAll(async () => {
    db = await createTestDataSource([], kind);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  /** A paid dollar order placed upstream for 1,000 and charged `charge`, finished with `status` and `remains`. */
  async function order(charge: string, status: number, remains: number | null): Promise<string> {
    const [user] = await db.query(`INSERT INTO users (email, name) VALUES ($1, 'Ann') RETURNING user_id`, [`partial-${randomUUID()}@example.com`]);
    const orderId = `order_${randomUUID().slice(0, 12)}`;
    const paymentId = `pay_${randomUUID().slice(0, 12)}`;
    await db.query(
      `INSERT INTO payment_orders (order_id, user_id, email, plan_id, plan_name, plan_slug, tier, amount, currency, profile_link, status, payment_id, paid_at, created_at, expires_at)
       VALUES ($1, $2, 'ann@example.com', $3, 'YouTube', 'youtube', '{"name":"Growth","price":"9.99","currency":"USD"}', 999, 'USD', 'https://example.com/@ann',
               'paid', $4, $5, $5, $5::timestamptz + interval '30 minutes')`,
      [orderId, user.user_id, randomUUID(), paymentId, day],
    );
    const [subscription] = await db.query(
      `INSERT INTO subscriptions (user_id, plan_name, profile_link, order_id, payment_id, status, pricing, created_at)
       VALUES ($1, 'YouTube', 'https://example.com/@ann', $2, $3, $4, '{"name":"Growth","price":"9.99","currency":"USD"}', $5) RETURNING subscription_id`,
      [user.user_id, orderId, paymentId, status, day],
    );
    await db.query(
      `INSERT INTO fulfilments (subscription_id, fulfilment_state, upstream_service_id, upstream_quantity, fulfilment_queued_at, upstream_order_id, upstream_charge, upstream_currency, upstream_remains)
       VALUES ($1, 'done', '7', 1000, now(), $2, $3, 'USD', $4)`,
      [subscription.subscription_id, `up-${randomUUID()}`, charge, remains],
    );
    return subscription.subscription_id as string;
  }

  /** The day's upstream cost of dollar orders, as the rollups keep it. */
  const dayCost = async (): Promise<string> => {
    const [row] = await db.query(
      `SELECT coalesce(sum(upstream_cost), 0)::text AS cost FROM report_sales WHERE span = 'd' AND dim = 'all' AND currency = 'USD' AND bucket = date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [day],
    );
    // As text without trailing zeros: 3.40 is '3.4'.
    return String(row.cost)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');
  };

  it("down counts every charge whole; up counts a Partial order's delivered share, and follows its remains", async () => {
    const partial = await order('1.1', 2, 437); // 1.1 × 563 / 1,000 = 0.6193 → 0.62
    await order('0.30', 2, null); // remains unknown: the whole charge
    await order('2.00', 1, 0); // Completed: the whole charge
    expect(await dayCost()).toBe('2.92');

    const runner = db.createQueryRunner();
    const migration = new PartialUpstreamCost1765600000000();
    try {
      await migration.down(runner);
    } finally {
      await runner.release();
    }
    expect(await dayCost()).toBe('3.4');
    // Down's triggers keep counting whole charges.
    await db.query(`UPDATE fulfilments SET upstream_remains = 0 WHERE subscription_id = $1`, [partial]);
    expect(await dayCost()).toBe('3.4');

    const again = db.createQueryRunner();
    try {
      await migration.up(again);
    } finally {
      await again.release();
    }
    // Remains 0 of 1,000: all delivered, the whole charge.
    expect(await dayCost()).toBe('3.4');
    await db.query(`UPDATE fulfilments SET upstream_remains = 1000 WHERE subscription_id = $1`, [partial]);
    expect(await dayCost()).toBe('2.3');
  });
});

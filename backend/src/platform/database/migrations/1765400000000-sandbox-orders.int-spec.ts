/**
 * payment_orders.sandbox and subscriptions.sandbox (migration 1765400000000-sandbox-orders): down
 * and up on a shop with a sandbox-paid order, a declined sandbox attempt and an order the sandbox
 * never saw (a Razorpay payment): up marks the first two and the first one's subscription, and
 * nothing else. Real: the PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is
 * set), every migration. Fake: nothing; rows are written by SQL.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../test/support/database';
import { SandboxOrders1765400000000 } from './1765400000000-sandbox-orders';

describe.each(testDatabaseKinds())('sandbox orders migration on %s', (kind) => {
  let db: DataSource;

  beforeAll(async () => {
    db = await createTestDataSource([], kind);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  /** An order, paid with a subscription when `paid`; `attempt` writes the sandbox checkout's row. */
  async function order(attempt: 'captured' | 'failed' | null, paid: boolean): Promise<string> {
    const [user] = await db.query(`INSERT INTO users (email, name) VALUES ($1, 'Ann') RETURNING user_id`, [`sandbox-${randomUUID()}@example.com`]);
    const orderId = `order_${randomUUID().slice(0, 12)}`;
    const paymentId = `pay_${randomUUID().slice(0, 12)}`;
    await db.query(
      `INSERT INTO payment_orders (order_id, user_id, email, plan_id, plan_name, plan_slug, tier, amount, currency, profile_link, status, payment_id, paid_at, created_at, expires_at)
       VALUES ($1, $2, 'ann@example.com', $3, 'YouTube', 'youtube', '{"name":"Growth","price":"9.99","currency":"USD"}', 999, 'USD', 'https://example.com/@ann',
               $4, $5, $6, '2026-01-10T10:00:00Z', '2026-01-10T10:30:00Z')`,
      [orderId, user.user_id, randomUUID(), paid ? 'paid' : 'failed', paid ? paymentId : null, paid ? '2026-01-10T10:01:00Z' : null],
    );
    if (attempt) {
      await db.query(`INSERT INTO sandbox_payments (payment_id, order_id, status, amount, currency) VALUES ($1, $2, $3, 999, 'USD')`, [paymentId, orderId, attempt]);
    }
    if (paid) {
      await db.query(
        `INSERT INTO subscriptions (user_id, plan_name, profile_link, order_id, payment_id, status, pricing)
         VALUES ($1, 'YouTube', 'https://example.com/@ann', $2, $3, 0, '{"name":"Growth","price":"9.99","currency":"USD"}')`,
        [user.user_id, orderId, paymentId],
      );
    }
    return orderId;
  }

  const marks = async (orderIds: string[]) => ({
    orders: await db.query(`SELECT order_id, sandbox FROM payment_orders WHERE order_id = ANY($1) ORDER BY order_id`, [orderIds]),
    subscriptions: await db.query(`SELECT order_id, sandbox FROM subscriptions WHERE order_id = ANY($1) ORDER BY order_id`, [orderIds]),
  });

  it('down drops both columns; up marks the orders the sandbox checkout saw and their subscriptions, nothing else', async () => {
    const sandboxPaid = await order('captured', true);
    const sandboxDeclined = await order('failed', false);
    const razorpayPaid = await order(null, true);
    const ids = [sandboxPaid, sandboxDeclined, razorpayPaid];
    const runner = db.createQueryRunner();
    const migration = new SandboxOrders1765400000000();
    try {
      await migration.down(runner);
      const left = await runner.query(
        `SELECT table_name FROM information_schema.columns WHERE column_name = 'sandbox' AND table_name IN ('payment_orders', 'subscriptions') AND table_schema = current_schema()`,
      );
      expect(left).toEqual([]);
      await migration.up(runner);
    } finally {
      // PGlite has one session: the runner's queries above, the DataSource's again after its release.
      await runner.release();
    }
    const byId = (rows: Array<{ order_id: string; sandbox: boolean }>) => Object.fromEntries(rows.map((r) => [r.order_id, r.sandbox]));
    const after = await marks(ids);
    expect(byId(after.orders)).toEqual({ [sandboxPaid]: true, [sandboxDeclined]: true, [razorpayPaid]: false });
    expect(byId(after.subscriptions)).toEqual({ [sandboxPaid]: true, [razorpayPaid]: false });
    // A row written without the column (the bench's SQL, an older writer) is a real-money one.
    const later = await order(null, true);
    expect(byId((await marks([later])).orders)).toEqual({ [later]: false });
  });
});

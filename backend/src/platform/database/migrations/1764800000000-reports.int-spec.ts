/**
 * The reporting rollups kept by triggers (migration 1764800000000-reports, docs/reports.md) against
 * GROUP BY over the source tables, after every kind of write: orders paid in several currencies,
 * refunds pending then processed or failed, partial refunds, provider charges in the price's and in
 * another currency, the final words that cost nothing, text that is not a charge, updates that move
 * a payment in time, deletes, TRUNCATE, the fold of shards, and a burst of concurrent transactions.
 * Real: the PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every
 * migration (the upstream cost joins fulfilments, migration 1765300000000-fulfilments). Fake:
 * nothing; the source rows are written by SQL as billing, subscriptions and fulfilment write them.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../test/support/database';
import { countedAttention, countedSales, keptAttention, keptSales } from '../../../../test/reports/rollup-check';

describe.each(testDatabaseKinds())('reporting rollups on %s', (kind) => {
  let db: DataSource;
  let userId: string;
  const planId = randomUUID();

  async function order(o: { currency?: string; amount: number; platform?: string; tier?: string; paidAt?: string | null; createdAt?: string }): Promise<string> {
    const orderId = `order_${randomUUID().slice(0, 12)}`;
    const createdAt = o.createdAt ?? o.paidAt ?? '2026-01-10T10:00:00Z';
    await db.query(
      `INSERT INTO payment_orders (order_id, user_id, email, plan_id, plan_name, plan_slug, tier, amount, currency, profile_link, status, payment_id, paid_at, created_at, expires_at)
       VALUES ($1, $2, 'ann@example.com', $3, $4, $4, $5, $6, $7, 'https://example.com/@ann', $8, $9, $10, $11, $11::timestamptz + interval '30 minutes')`,
      [
        orderId,
        userId,
        planId,
        o.platform ?? 'youtube',
        JSON.stringify({ pricingId: randomUUID(), name: o.tier ?? 'Growth', price: '1', currency: o.currency ?? 'USD' }),
        o.amount,
        o.currency ?? 'USD',
        o.paidAt ? 'paid' : 'created',
        o.paidAt ? `pay_${orderId}` : null,
        o.paidAt ?? null,
        createdAt,
      ],
    );
    return orderId;
  }

  async function subscription(
    orderId: string,
    s: { status?: number; state?: string | null; charge?: string | null; chargeCurrency?: string | null; createdAt?: string },
  ): Promise<string> {
    const [o] = await db.query('SELECT tier, currency, paid_at FROM payment_orders WHERE order_id = $1', [orderId]);
    const [row] = await db.query(
      `INSERT INTO subscriptions (user_id, plan_name, profile_link, order_id, payment_id, status, pricing, created_at)
       VALUES ($1, 'YouTube', 'https://example.com/@ann', $2, $3, $4, $5, $6)
       RETURNING subscription_id`,
      [userId, orderId, `pay_${orderId}`, s.status ?? 0, o.tier, s.createdAt ?? o.paid_at],
    );
    // Its delivery, as the fulfilment module writes it (migration 1765300000000-fulfilments): none on the manual path.
    if (s.state)
      await db.query(
        `INSERT INTO fulfilments (subscription_id, fulfilment_state, upstream_service_id, upstream_quantity, fulfilment_queued_at, upstream_order_id, upstream_charge, upstream_currency)
         VALUES ($1, $2, '1', 1000, now(), CASE WHEN $2 IN ('open', 'done') THEN 'u-' || $3 END, $4, $5)`,
        [row.subscription_id, s.state, orderId, s.charge ?? null, s.chargeCurrency ?? null],
      );
    return row.subscription_id;
  }

  async function refund(orderId: string, amount: number, state: 'pending' | 'processed' | 'failed' = 'pending', settledAt: string | null = null): Promise<string> {
    const refundId = randomUUID();
    const [o] = await db.query('SELECT currency, payment_id FROM payment_orders WHERE order_id = $1', [orderId]);
    await db.query(
      `INSERT INTO refunds (refund_id, order_id, payment_id, amount, currency, reason, actor_role, state, idempotency_key, settled_at)
       VALUES ($1, $2, $3, $4, $5, 'staff', 'admin', $6, $7, $8)`,
      [refundId, orderId, o.payment_id, amount, o.currency, state, `key-${refundId}`, settledAt],
    );
    return refundId;
  }

  const settle = (refundId: string, state: 'processed' | 'failed', at: string) =>
    db.query(`UPDATE refunds SET state = $2, settled_at = $3, updated_at = $3 WHERE refund_id = $1 AND state = 'pending'`, [refundId, state, at]);

  async function expectExact() {
    expect(await keptSales(db)).toEqual(await countedSales(db));
    expect(await keptAttention(db)).toEqual(await countedAttention(db));
  }

  beforeAll(async () => {
    db = await createTestDataSource([], kind);
    [{ user_id: userId }] = await db.query(`INSERT INTO users (email, name) VALUES ('ann@example.com', 'Ann') RETURNING user_id`);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('starts empty, and counts nothing for orders not paid', async () => {
    await order({ amount: 1999 });
    expect(await keptSales(db)).toEqual([]);
    await expectExact();
  });

  it('follows payments, refunds and provider charges in several currencies', async () => {
    const usd = await order({ amount: 1999, paidAt: '2026-01-10T23:50:00Z', tier: 'Starter' });
    const inr = await order({ amount: 149900, currency: 'INR', paidAt: '2026-01-11T00:05:00Z', platform: 'instagram' });
    const kwd = await order({ amount: 12345, currency: 'KWD', paidAt: '2026-01-31T23:59:59Z', platform: 'tiktok', tier: 'Pro' });
    const unpaid = await order({ amount: 999 });
    await db.query(`UPDATE payment_orders SET status = 'paid', payment_id = 'pay_late', paid_at = '2026-02-01T00:00:00Z' WHERE order_id = $1`, [unpaid]);
    const expected = (await keptSales(db)).filter((row) => row.startsWith('m all '));
    expect(expected).toEqual([
      `m all 2026-01-01T00:00:00.000Z  INR: orders=1 revenue=149900 refunds=0 refund_count=0 upstream_cost=0 upstream_orders=0`,
      `m all 2026-01-01T00:00:00.000Z  KWD: orders=1 revenue=12345 refunds=0 refund_count=0 upstream_cost=0 upstream_orders=0`,
      `m all 2026-01-01T00:00:00.000Z  USD: orders=1 revenue=1999 refunds=0 refund_count=0 upstream_cost=0 upstream_orders=0`,
      `m all 2026-02-01T00:00:00.000Z  USD: orders=1 revenue=999 refunds=0 refund_count=0 upstream_cost=0 upstream_orders=0`,
    ]);

    // Subscriptions: an open order charged in the price's currency, one charged in EUR, one the
    // provider Canceled (costs nothing), one cancelled before placing, text that is not a charge.
    await subscription(usd, { state: 'open', charge: '0.2784', chargeCurrency: 'usd ' });
    await subscription(inr, { state: 'open', charge: '1.5', chargeCurrency: 'EUR' });
    const canceled = await subscription(kwd, { state: 'open', charge: '2.125', chargeCurrency: 'KWD' });
    await subscription(unpaid, { state: 'needs_review', charge: 'n/a', chargeCurrency: 'USD' });
    await expectExact();
    // The provider's Canceled as the ledger writes it: the delivery first, then the Status (each statement alone, too).
    await db.query(`UPDATE fulfilments SET fulfilment_state = 'done' WHERE subscription_id = $1`, [canceled]);
    await expectExact();
    await db.query(`UPDATE subscriptions SET status = 3 WHERE subscription_id = $1`, [canceled]);
    await expectExact();

    // Refunds: counted once processed, by when; a failed one never; a partial one for its amount.
    const pending = await refund(usd, 500);
    await expectExact();
    await settle(pending, 'processed', '2026-02-03T10:00:00Z');
    const failing = await refund(inr, 100000);
    await settle(failing, 'failed', '2026-02-03T11:00:00Z');
    await refund(inr, 49900, 'processed', '2026-02-04T00:00:00Z');
    await expectExact();
    const refundsIn = (await keptSales(db)).filter((row) => row.startsWith('m all 2026-02'));
    expect(refundsIn).toEqual([
      `m all 2026-02-01T00:00:00.000Z  INR: orders=0 revenue=0 refunds=49900 refund_count=1 upstream_cost=0 upstream_orders=0`,
      `m all 2026-02-01T00:00:00.000Z  USD: orders=1 revenue=999 refunds=500 refund_count=1 upstream_cost=0 upstream_orders=0`,
    ]);

    // Open refund requests, and one decided.
    const [{ subscription_id: subId }] = await db.query('SELECT subscription_id FROM subscriptions WHERE order_id = $1', [usd]);
    const requestId = randomUUID();
    await db.query(`INSERT INTO refund_requests (request_id, order_id, subscription_id, source, reason, currency) VALUES ($1, $2, $3, 'customer', 'Never came', 'USD')`, [
      requestId,
      usd,
      subId,
    ]);
    await expectExact();
    expect(await keptAttention(db)).toContain('refund_requests_open -: 1');
    await db.query(`UPDATE refund_requests SET state = 'declined', message = 'No' WHERE request_id = $1`, [requestId]);
    await expectExact();
    expect((await keptAttention(db)).filter((row) => row.startsWith('refund_requests_open'))).toEqual([]);
  });

  it('moves a payment whose time or amount changes, and forgets a deleted one', async () => {
    const moved = await order({ amount: 700, paidAt: '2026-03-01T12:00:00Z' });
    await db.query(`UPDATE payment_orders SET paid_at = '2026-03-02T12:00:00Z', amount = 800 WHERE order_id = $1`, [moved]);
    await expectExact();
    const gone = await order({ amount: 300, paidAt: '2026-03-03T12:00:00Z', currency: 'JPY' });
    await db.query('DELETE FROM payment_orders WHERE order_id = $1', [gone]);
    await expectExact();
    // Many rows in one statement (a data fix), staff toggling Status, a subscription removed.
    await db.query(`UPDATE payment_orders SET paid_at = paid_at + interval '7 minutes' WHERE status = 'paid'`);
    await db.query(
      `UPDATE subscriptions s SET status = 1 WHERE status = 0 AND NOT EXISTS (SELECT 1 FROM fulfilments f WHERE f.subscription_id = s.subscription_id AND f.fulfilment_state = 'needs_review')`,
    );
    await expectExact();
    // A subscription goes after its fulfilment (the foreign key refuses the other order).
    const review = await db.query(`SELECT subscription_id FROM fulfilments WHERE fulfilment_state = 'needs_review'`);
    const ids = review.map((r: { subscription_id: string }) => r.subscription_id);
    await expect(db.query(`DELETE FROM subscriptions WHERE subscription_id = ANY($1::uuid[])`, [ids])).rejects.toThrow(/fulfilments/);
    await db.query(`DELETE FROM fulfilments WHERE subscription_id = ANY($1::uuid[])`, [ids]);
    await expectExact();
    await db.query(`DELETE FROM subscriptions WHERE subscription_id = ANY($1::uuid[])`, [ids]);
    await expectExact();
  });

  it('folds shards into one row per bucket without changing a sum', async () => {
    // Writes happening now go to random shards; here every bucket is spread over shards on purpose.
    await order({ amount: 1234, paidAt: new Date().toISOString() });
    await db.query(`UPDATE report_sales SET shard = 1 + (abs(hashtext(span || dim || value || currency)) % 15) WHERE shard = 0`);
    const before = await keptSales(db);
    const [{ moved }] = await db.query(`SELECT report_fold(now() + interval '2 months') AS moved`);
    expect(Number(moved)).toBeGreaterThan(0);
    expect((await db.query('SELECT count(*)::int AS n FROM report_sales WHERE shard <> 0'))[0].n).toBe(0);
    expect(await keptSales(db)).toEqual(before);
    await expectExact();
  });

  it('recounts everything after a TRUNCATE of a source table', async () => {
    await db.query('TRUNCATE refund_requests, refunds');
    await expectExact();
    await db.query(`UPDATE report_sales SET orders = orders + 5 WHERE span = 'd'`);
    expect(await keptSales(db)).not.toEqual(await countedSales(db));
    await db.query('SELECT report_rebuild()');
    await expectExact();
  });

  it('stays exact under a burst of concurrent payments, refunds and charges', async () => {
    const now = new Date();
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => order({ amount: 1000 + i, currency: i % 3 ? 'USD' : 'INR', createdAt: now.toISOString() })));
    const paidOnce = await Promise.all(
      created.slice(0, 10).map((id) => order({ amount: 500, paidAt: now.toISOString(), platform: id.slice(-1) > '7' ? 'x' : 'youtube' })),
    );
    const refundable = await Promise.all(paidOnce.map((id) => refund(id, 100)));
    const subs = await Promise.all(paidOnce.map((id) => subscription(id, { state: 'open', charge: null, chargeCurrency: null })));
    // Each payment as billing makes it: the subscription stored, then the order marked paid, in one transaction.
    const work = [
      ...created.map((orderId, i) =>
        db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO subscriptions (user_id, plan_name, profile_link, order_id, payment_id, pricing) SELECT user_id, plan_name, profile_link, order_id, 'pay_' || order_id, tier FROM payment_orders WHERE order_id = $1`,
            [orderId],
          );
          await tx.query(`UPDATE payment_orders SET status = 'paid', payment_id = 'pay_' || order_id, paid_at = now() - make_interval(secs => $2) WHERE order_id = $1`, [
            orderId,
            i,
          ]);
        }),
      ),
      ...refundable.map((refundId) => settle(refundId, 'processed', now.toISOString())),
      ...subs.map((subscriptionId, i) =>
        db.query(`UPDATE fulfilments SET upstream_charge = $2, upstream_currency = 'USD', fulfilment_state = $3 WHERE subscription_id = $1`, [
          subscriptionId,
          `0.${i}5`,
          i % 4 === 0 ? 'needs_review' : 'open',
        ]),
      ),
    ];
    await Promise.all(work);
    await expectExact();
  });
});

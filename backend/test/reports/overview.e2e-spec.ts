import request from 'supertest';
import { DataSource } from 'typeorm';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { type CustomerSession, signUpCustomer } from '../support/customer-session';
import { as } from '../billing/support';
import { countedAttention, countedSales, keptAttention, keptSales } from './rollup-check';
import { buy, staffRefund } from './support';

/**
 * POST /api/admin/overview over HTTP (docs/reports.md): the figures equal sums computed here,
 * independently, from the orders, refunds and charges the spec made, for periods whose edges fall
 * where the zone says (Asia/Kolkata at +05:30, New York on the day its clocks go forward, UTC),
 * with several currencies (USD, INR, KWD with three decimals), full and partial refunds, upstream
 * charges in the price's and in another currency, and what needs a person now.
 * Real: the whole app (PGlite, or PostgreSQL with DATABASE_URL), the sandbox gateway and its refunds,
 * the customers' and staff's routes. Arranged by SQL: when each payment and refund happened (as
 * they would be had they happened then), plans priced in INR and KWD, provider charges and states.
 */
describe('Overview API', () => {
  let t: TestApp;
  let admin: string;
  let ann: CustomerSession;
  let bob: CustomerSession;
  const db = () => t.app.get(DataSource);
  const overview = (body: object, tz?: string, token: string | null = admin) => {
    let req = request(t.app.getHttpServer()).post('/api/admin/overview');
    if (token) req = req.set('Authorization', `Bearer ${token}`);
    if (tz) req = req.set('X-Timezone', tz);
    return req.send(body);
  };

  // --- The expected figures, computed from the source rows with plain arithmetic -----------------

  const EXPONENT: Record<string, number> = { USD: 2, INR: 2, KWD: 3 };
  /** Decimal text to an integer of 10^-6 units, and back. */
  const micro = (text: string) => {
    const [whole, fraction = ''] = text.split('.');
    return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6)) * (text.startsWith('-') ? -1n : 1n);
  };
  const text = (units: bigint, scale: number) => {
    const negative = units < 0n;
    const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
    return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}${scale ? `.${digits.slice(digits.length - scale)}` : ''}`;
  };
  /** 10^-6 units as text with the currency's decimals, more only where the value has them. */
  const money = (units: bigint, currency: string) => {
    let scale = 6;
    while (scale > EXPONENT[currency] && units % 10n ** BigInt(7 - scale) === 0n) scale -= 1;
    return text(units / 10n ** BigInt(6 - scale), scale);
  };

  interface Figures {
    revenue: bigint;
    orders: number;
    refunds: bigint;
    cost: bigint;
    elsewhere: Record<string, bigint>;
  }

  async function expected(start: string, end: string): Promise<Record<string, Figures>> {
    const within = (at: Date | string | null) => at !== null && new Date(at) >= new Date(start) && new Date(at) < new Date(end);
    const out: Record<string, Figures> = {};
    const of = (currency: string) => (out[currency] ??= { revenue: 0n, orders: 0, refunds: 0n, cost: 0n, elsewhere: {} });
    for (const o of await db().query(`SELECT paid_at, amount::text AS amount, currency FROM payment_orders WHERE status = 'paid'`)) {
      if (!within(o.paid_at)) continue;
      of(o.currency).revenue += BigInt(o.amount) * 10n ** BigInt(6 - EXPONENT[o.currency]);
      of(o.currency).orders += 1;
    }
    for (const r of await db().query(`SELECT settled_at, amount::text AS amount, currency FROM refunds WHERE state = 'processed'`)) {
      if (within(r.settled_at)) of(r.currency).refunds += BigInt(r.amount) * 10n ** BigInt(6 - EXPONENT[r.currency]);
    }
    // docs/refunds.md: the provider's charge, nothing for Canceled/Refunded or an order cancelled before placing.
    for (const s of await db().query(
      `SELECT s.created_at, s.status, f.fulfilment_state, f.upstream_charge, f.upstream_currency, o.currency
       FROM subscriptions s JOIN fulfilments f ON f.subscription_id = s.subscription_id JOIN payment_orders o ON o.order_id = s.order_id
       WHERE f.upstream_charge IS NOT NULL`,
    )) {
      if (!/^\d+(\.\d+)?$/.test(s.upstream_charge)) continue; // not an amount: the cost is unknown
      if (!within(s.created_at) || s.fulfilment_state === 'canceled' || (s.fulfilment_state === 'done' && [3, 4].includes(s.status))) continue;
      if (s.upstream_currency === s.currency) of(s.currency).cost += micro(s.upstream_charge);
      else of(s.currency).elsewhere[s.upstream_currency] = (of(s.currency).elsewhere[s.upstream_currency] ?? 0n) + micro(s.upstream_charge);
    }
    return out;
  }

  /** The answer's figures for one currency, compared with the expected ones (value and previous). */
  function expectFigures(body: { currencies: Array<Record<string, unknown>> }, currency: string, now: Figures | undefined, before: Figures | undefined) {
    const zero: Figures = { revenue: 0n, orders: 0, refunds: 0n, cost: 0n, elsewhere: {} };
    const a = now ?? zero;
    const b = before ?? zero;
    const c = body.currencies.find((x) => x.currency === currency) as Record<string, { value: unknown; previous: unknown }>;
    expect(c).toBeDefined();
    const aov = (f: Figures) => (f.orders ? ((f.revenue / 10n ** BigInt(6 - EXPONENT[currency])) * 2n + BigInt(f.orders)) / (2n * BigInt(f.orders)) : 0n);
    expect({
      revenue: [c.revenue.value, c.revenue.previous],
      orders: [c.orders.value, c.orders.previous],
      refunds: [c.refunds.value, c.refunds.previous],
      upstreamCost: [c.upstreamCost.value, c.upstreamCost.previous],
      margin: [c.margin.value, c.margin.previous],
      averageOrderValue: [c.averageOrderValue.value, c.averageOrderValue.previous],
    }).toEqual({
      revenue: [money(a.revenue, currency), money(b.revenue, currency)],
      orders: [a.orders, b.orders],
      refunds: [money(a.refunds, currency), money(b.refunds, currency)],
      upstreamCost: [money(a.cost, currency), money(b.cost, currency)],
      margin: [money(a.revenue - a.refunds - a.cost, currency), money(b.revenue - b.refunds - b.cost, currency)],
      averageOrderValue: [text(aov(a), EXPONENT[currency]), text(aov(b), EXPONENT[currency])],
    });
    expect((c as unknown as { upstreamCostElsewhere: unknown }).upstreamCostElsewhere).toEqual(
      Object.entries(a.elsewhere).map(([code, units]) => ({
        currency: code,
        amount: text(units, 6).replace(/0+$/, '').replace(/\.$/, ''),
        previous: expect.any(String),
        orders: 1,
      })),
    );
  }

  // --- The shop's orders ---------------------------------------------------------------------------

  let o: Record<string, { orderId: string; subscriptionId: string }> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_REFUND_SETTLE_MS: '20', RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' } });
    admin = (await adminToken(t)).token;
    [ann, bob] = [await signUpCustomer(t, 'ann'), await signUpCustomer(t, 'bob')];
    await db().query(`UPDATE plans SET currency = 'INR' WHERE slug = 'instagram'`);
    await db().query(`UPDATE plans SET currency = 'KWD' WHERE slug = 'tiktok'`);
    o = {
      // Kolkata (+05:30): 2026-01-10 begins at 2026-01-09T18:30Z and 2026-01-12 at 2026-01-11T18:30Z.
      lastSecondBefore: await buy(t, ann, 'youtube', 0, '2026-01-09T18:29:59Z'),
      firstSecond: await buy(t, ann, 'youtube', 1, '2026-01-09T18:30:00Z'),
      rupees: await buy(t, bob, 'instagram', 2, '2026-01-10T12:00:00Z'),
      dinars: await buy(t, bob, 'tiktok', 0, '2026-01-11T18:29:00Z'),
      dayAfter: await buy(t, ann, 'youtube', 2, '2026-01-11T18:30:00Z'),
      previousUsd: await buy(t, bob, 'youtube', 0, '2026-01-08T10:00:00Z'),
      previousInr: await buy(t, ann, 'instagram', 1, '2026-01-08T19:00:00Z'),
      // New York, 2026-03-08: clocks go forward at 2:00, the day runs 05:00Z–04:00Z (23 hours).
      dstIn: await buy(t, ann, 'linkedin', 1, '2026-03-09T03:59:00Z'),
      dstOut: await buy(t, ann, 'linkedin', 1, '2026-03-09T04:00:00Z'),
      dstBefore: await buy(t, bob, 'linkedin', 0, '2026-03-08T04:59:00Z'),
    };
    // An order never paid counts nowhere.
    const youtube = await request(t.app.getHttpServer()).post('/api/plan/getByName').send({ name: 'youtube' }).expect(200);
    await as(t, ann)
      .post('/api/payment/order', {
        userId: ann.userId,
        planId: youtube.body.planId,
        pricingId: youtube.body.pricing[0].pricingId,
        profileLink: 'https://www.youtube.com/@x',
      })
      .expect(200);

    // Refunds: the rupee order in full (processed inside the period), a partial refund of the first
    // dollar order (processed the day after), a partial one of the dinar order (inside).
    await staffRefund(t, admin, o.rupees.subscriptionId, undefined, '2026-01-11T18:29:59Z');
    await staffRefund(t, admin, o.firstSecond.subscriptionId, '5.00', '2026-01-11T18:30:00Z');
    await staffRefund(t, admin, o.dinars.subscriptionId, '1.234', '2026-01-10T00:00:00Z');

    // Provider charges: in dollars for a dollar order, Canceled by the provider (costs nothing), a
    // dinar order charged in dollars (reported apart), a charge that is not an amount.
    const charge = async (subscriptionId: string, state: string, status: number, amount: string, currency: string) => {
      await db().query(
        `INSERT INTO fulfilments (subscription_id, fulfilment_state, upstream_charge, upstream_currency, upstream_service_id, upstream_quantity, fulfilment_queued_at,
           upstream_order_id)
         VALUES ($1::uuid, $2, $3, $4, '7', 1000, now(), 'up-' || $1::uuid::text)
         ON CONFLICT (subscription_id) DO UPDATE SET fulfilment_state = EXCLUDED.fulfilment_state, upstream_charge = EXCLUDED.upstream_charge, upstream_currency = EXCLUDED.upstream_currency, upstream_service_id = EXCLUDED.upstream_service_id, upstream_quantity = EXCLUDED.upstream_quantity, fulfilment_queued_at = EXCLUDED.fulfilment_queued_at, upstream_order_id = EXCLUDED.upstream_order_id`,
        [subscriptionId, state, amount, currency],
      );
      await db().query(`UPDATE subscriptions SET status = $2 WHERE subscription_id = $1`, [subscriptionId, status]);
    };
    await charge(o.firstSecond.subscriptionId, 'open', 0, '0.2784', 'USD');
    await charge(o.rupees.subscriptionId, 'done', 3, '120.50', 'INR');
    await charge(o.dinars.subscriptionId, 'open', 0, '0.75', 'USD');
    await charge(o.previousUsd.subscriptionId, 'done', 1, '1.1', 'USD');
    await charge(o.dstIn.subscriptionId, 'open', 0, 'n/a', 'USD');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives each currency’s figures for two Kolkata days, equal to the sums of the orders, refunds and charges', async () => {
    const res = await overview({ from: '2026-01-10', to: '2026-01-11', granularity: 'day' }, 'Asia/Kolkata').expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.period).toEqual({
      from: '2026-01-10',
      to: '2026-01-11',
      tz: 'Asia/Kolkata',
      granularity: 'day',
      start: '2026-01-09T18:30:00.000Z',
      end: '2026-01-11T18:30:00.000Z',
    });
    expect(res.body.previousPeriod).toEqual({ from: '2026-01-08', to: '2026-01-09', start: '2026-01-07T18:30:00.000Z', end: '2026-01-09T18:30:00.000Z' });
    const now = await expected('2026-01-09T18:30:00Z', '2026-01-11T18:30:00Z');
    const before = await expected('2026-01-07T18:30:00Z', '2026-01-09T18:30:00Z');
    expect(res.body.currencies.map((c: { currency: string }) => c.currency)).toEqual(['INR', 'KWD', 'USD']);
    for (const currency of ['INR', 'KWD', 'USD']) expectFigures(res.body, currency, now[currency], before[currency]);
    // What that means, written out: the dinar order, charged in dollars elsewhere, refunded 1.234 of 19.990.
    const kwd = res.body.currencies.find((c: { currency: string }) => c.currency === 'KWD');
    expect(kwd).toMatchObject({
      exponent: 3,
      revenue: { value: expect.stringMatching(/^\d+\.\d{3}$/) },
      refunds: { value: '1.234', previous: '0.000', changePercent: null },
    });
    expect(kwd.upstreamCostElsewhere).toEqual([{ currency: 'USD', amount: '0.75', previous: '0.00', orders: 1 }]);
    const usd = res.body.currencies.find((c: { currency: string }) => c.currency === 'USD');
    expect(usd.upstreamCost).toMatchObject({ value: '0.2784', previous: '1.10' });
    expect(usd.orders).toEqual({ value: 1, previous: 2, change: -1, changePercent: '-50.0' });
  });

  it('draws the chart per Kolkata day, revenue per currency and orders', async () => {
    const res = await overview({ from: '2026-01-10', to: '2026-01-11', granularity: 'day' }, 'Asia/Kolkata').expect(200);
    const days = [
      ['2026-01-10', '2026-01-09T18:30:00Z', '2026-01-10T18:30:00Z'],
      ['2026-01-11', '2026-01-10T18:30:00Z', '2026-01-11T18:30:00Z'],
    ];
    const points = [];
    for (const [bucket, start, end] of days) {
      const f = await expected(start, end);
      points.push({
        bucket,
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        orders: Object.values(f).reduce((n, x) => n + x.orders, 0),
        revenue: Object.fromEntries(['INR', 'KWD', 'USD'].map((c) => [c, text((f[c]?.revenue ?? 0n) / 10n ** BigInt(6 - EXPONENT[c]), EXPONENT[c])])),
      });
    }
    expect(res.body.series).toEqual(points);
    expect(points.map((p) => p.orders)).toEqual([2, 1]);
  });

  it('breaks the period down per platform and per tier, per currency', async () => {
    const res = await overview({ from: '2026-01-10', to: '2026-01-11' }, 'Asia/Kolkata').expect(200);
    expect(res.body.breakdown.platforms.map((p: { platform: string; orders: number }) => [p.platform, p.orders])).toEqual([
      ['instagram', 1],
      ['tiktok', 1],
      ['youtube', 1],
    ]);
    const youtube = res.body.breakdown.platforms.find((p: { platform: string }) => p.platform === 'youtube');
    const [{ amount: price }] = await db().query('SELECT amount::text AS amount FROM payment_orders WHERE order_id = $1', [o.firstSecond.orderId]);
    expect(youtube.byCurrency).toEqual([
      { currency: 'USD', orders: 1, revenue: text(BigInt(price), 2), refunds: '0.00', upstreamCost: '0.2784', margin: text(BigInt(price) * 100n - 2784n, 4) },
    ]);
    const instagram = res.body.breakdown.platforms.find((p: { platform: string }) => p.platform === 'instagram');
    expect(instagram.byCurrency[0]).toMatchObject({ currency: 'INR', refunds: instagram.byCurrency[0].revenue, upstreamCost: '0.00', margin: '0.00' });
    expect(res.body.breakdown.tiers.map((x: { tier: string }) => x.tier).sort()).toEqual(['Growth', 'Pro', 'Starter']);
  });

  it('puts a day’s edges where the zone has them: UTC, and New York on the day its clocks go forward', async () => {
    const utc = await overview({ from: '2026-01-10', to: '2026-01-11' }).expect(200);
    expect(utc.body.period).toMatchObject({ tz: 'UTC', start: '2026-01-10T00:00:00.000Z', end: '2026-01-12T00:00:00.000Z' });
    const now = await expected('2026-01-10T00:00:00Z', '2026-01-12T00:00:00Z');
    const before = await expected('2026-01-08T00:00:00Z', '2026-01-10T00:00:00Z');
    for (const currency of ['INR', 'KWD', 'USD']) expectFigures(utc.body, currency, now[currency], before[currency]);

    const ny = await overview({ from: '2026-03-08', to: '2026-03-08', granularity: 'hour', tz: 'America/New_York' }).expect(200);
    expect(ny.body.period).toMatchObject({ start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' });
    expect(ny.body.series).toHaveLength(23);
    expect(ny.body.series.map((p: { bucket: string }) => p.bucket.slice(11))).not.toContain('02:00');
    expect(ny.body.series.at(-1)).toMatchObject({ bucket: '2026-03-08T23:00', orders: 1 });
    const f = await expected('2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z');
    expectFigures(ny.body, 'USD', f.USD, (await expected('2026-03-07T05:00:00Z', '2026-03-08T05:00:00Z')).USD);
    expect(f.USD.orders).toBe(1);
    // The charge "n/a" is no amount: the order's cost stays unknown, not zero-by-guess.
    expect(ny.body.currencies[0].upstreamCostOrders.value).toBe(0);
  });

  it('compares whole months with the months before, per month in the chart', async () => {
    const res = await overview({ from: '2026-01-01', to: '2026-03-31', granularity: 'month' }, 'Asia/Kolkata').expect(200);
    expect(res.body.previousPeriod).toMatchObject({ from: '2025-10-01', to: '2025-12-31' });
    expect(res.body.series.map((p: { bucket: string; start: string }) => [p.bucket, p.start])).toEqual([
      ['2026-01', '2025-12-31T18:30:00.000Z'],
      ['2026-02', '2026-01-31T18:30:00.000Z'],
      ['2026-03', '2026-02-28T18:30:00.000Z'],
    ]);
    const now = await expected('2025-12-31T18:30:00Z', '2026-03-31T18:30:00Z');
    for (const currency of ['INR', 'KWD', 'USD']) expectFigures(res.body, currency, now[currency], undefined);
    expect(res.body.currencies.find((c: { currency: string }) => c.currency === 'USD').revenue.changePercent).toBeNull();
  });

  it('compares the last twelve months (the screen’s “12 months”) with the twelve before, not with days of the year before', async () => {
    const res = await overview({ from: '2025-03-11', to: '2026-03-10', granularity: 'month', tz: 'UTC' }).expect(200);
    expect(res.body.previousPeriod).toEqual({ from: '2024-03-11', to: '2025-03-10', start: '2024-03-11T00:00:00.000Z', end: '2025-03-11T00:00:00.000Z' });
    // Thirteen month buckets: the first and the last are the parts of March inside the period.
    const buckets = res.body.series.map((p: { bucket: string; start: string; end: string }) => [p.bucket, p.start, p.end]);
    expect(buckets).toHaveLength(13);
    expect(buckets[0]).toEqual(['2025-03', '2025-03-11T00:00:00.000Z', '2025-04-01T00:00:00.000Z']);
    expect(buckets.at(-1)).toEqual(['2026-03', '2026-03-01T00:00:00.000Z', '2026-03-11T00:00:00.000Z']);
    const now = await expected('2025-03-11T00:00:00Z', '2026-03-11T00:00:00Z');
    const before = await expected('2024-03-11T00:00:00Z', '2025-03-11T00:00:00Z');
    for (const currency of ['INR', 'KWD', 'USD']) expectFigures(res.body, currency, now[currency], before[currency]);
  });

  it('says what needs a person now, with links to the lists', async () => {
    // A paid order waiting for 49 hours, one just paid, one whose placing needs review, one refund request open.
    const late = await buy(t, bob, 'youtube', 0);
    await db().query(`UPDATE subscriptions SET created_at = now() - interval '49 hours' WHERE subscription_id = $1`, [late.subscriptionId]);
    const fresh = await buy(t, bob, 'youtube', 1);
    await db().query(
      `INSERT INTO fulfilments (subscription_id, fulfilment_state, upstream_service_id, upstream_quantity, fulfilment_queued_at) VALUES ($1, 'needs_review', '7', 1000, now())
       ON CONFLICT (subscription_id) DO UPDATE SET fulfilment_state = EXCLUDED.fulfilment_state, upstream_service_id = EXCLUDED.upstream_service_id, upstream_quantity = EXCLUDED.upstream_quantity, fulfilment_queued_at = EXCLUDED.fulfilment_queued_at`,
      [fresh.subscriptionId],
    );
    await as(t, bob).post('/api/subscription/refund-request', { subscriptionId: fresh.subscriptionId, reason: 'Ordered the wrong one' }).expect(200);

    const res = await overview({ from: '2026-01-10', to: '2026-01-10' }, 'Asia/Kolkata').expect(200);
    const [{ overdue }] = await db().query(`SELECT count(*)::int AS overdue FROM subscriptions WHERE status = 0 AND created_at < now() - interval '48 hours'`);
    expect(overdue).toBeGreaterThanOrEqual(1);
    expect(res.body.attention).toEqual({
      needsReview: { count: 1, link: '/admin/tasks?fulfilment=needs_review' },
      refundRequests: { count: 1, link: '/admin/refunds?state=open' },
      overdue: { count: overdue, hours: 48, link: '/admin/tasks?status=0&sortBy=createdAt&sortOrder=asc' },
      lowBalance: { status: 'manual', balance: null, currency: null, threshold: null, message: null, link: '/admin/dashboard' },
    });
  });

  it("counts a Partial order's upstream cost as the charge's delivered share, and the whole charge again while its remains are unknown", async () => {
    const usdBefore = async () => {
      const res = await overview({ from: '2026-01-10', to: '2026-01-11', granularity: 'day' }, 'Asia/Kolkata').expect(200);
      return res.body.currencies.find((c: { currency: string }) => c.currency === 'USD').upstreamCost.previous;
    };
    const id = o.previousUsd.subscriptionId;
    // 1.1 charged for 1,000; 437 not delivered: 1.1 × 563 / 1,000 = 0.6193, rounded to cents 0.62.
    await db().query(`UPDATE fulfilments SET upstream_remains = 437 WHERE subscription_id = $1`, [id]);
    await db().query(`UPDATE subscriptions SET status = 2 WHERE subscription_id = $1`, [id]);
    expect(await usdBefore()).toBe('0.62');
    expect(await keptSales(db())).toEqual(await countedSales(db()));
    // Remains the panel never said (or that cannot be): nothing tells what was delivered.
    await db().query(`UPDATE fulfilments SET upstream_remains = NULL WHERE subscription_id = $1`, [id]);
    expect(await usdBefore()).toBe('1.10');
    await db().query(`UPDATE fulfilments SET upstream_remains = 1001 WHERE subscription_id = $1`, [id]);
    expect(await usdBefore()).toBe('1.10');
    // Back to Completed, as the other cases found it: the whole charge.
    await db().query(`UPDATE fulfilments SET upstream_remains = 437 WHERE subscription_id = $1`, [id]);
    await db().query(`UPDATE subscriptions SET status = 1 WHERE subscription_id = $1`, [id]);
    expect(await usdBefore()).toBe('1.10');
  });

  it('kept every rollup equal to a GROUP BY over the source tables', async () => {
    expect(await keptSales(db())).toEqual(await countedSales(db()));
    expect(await keptAttention(db())).toEqual(await countedAttention(db()));
  });

  it.each([
    [{}, 'from is required; to is required'],
    [{ from: '2026-01-10' }, 'to is required'],
    [{ from: '10/01/2026', to: '2026-01-11' }, 'from must be a date such as 2026-01-31'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from must be a date such as 2026-01-31'],
    [{ from: { $gt: '' }, to: '2026-01-11' }, 'from must be a date such as 2026-01-31'],
    [{ from: '2026-01-10', to: ['2026-01-11'] }, 'to must be a date such as 2026-01-31'],
    [{ from: '2026-01-12', to: '2026-01-11' }, 'to must be the same day as from or later'],
    [{ from: '2021-01-01', to: '2026-01-01' }, 'to must be less than 5 years after from (a period is at most 5 years)'],
    [{ from: '1999-12-31', to: '2000-01-01' }, 'from must be between 2000-01-01 and 2100-12-31'],
    [{ from: '2026-01-01', to: '2026-01-02', granularity: 'week' }, 'granularity must be one of hour, day, month'],
    [{ from: '2026-01-01', to: '2026-02-28', granularity: 'hour' }, 'granularity hour is for periods of at most 31 days; use day or month'],
    [{ from: '2026-01-01', to: '2026-01-02', tz: 'Mars/Olympus_Mons' }, expect.stringMatching(/^tz must be an IANA time zone/)],
    [{ from: '2026-01-01', to: '2026-01-02', tz: 'Europe/Paris\u0000' }, 'tz must not contain control characters'],
    [{ from: '2026-01-01', to: '2026-01-02', tz: 42 }, expect.stringMatching(/^tz must be an IANA time zone/)],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await overview(body).expect(400);
    expect(res.body).toEqual({ success: false, message, error: 'invalid' });
  });

  it('refuses an unknown X-Timezone header with 400, and takes the body’s tz over it', async () => {
    expect((await overview({ from: '2026-01-10', to: '2026-01-10' }, 'Nowhere/Land').expect(400)).body.message).toMatch(/^tz must be an IANA time zone/);
    const res = await overview({ from: '2026-01-10', to: '2026-01-10', tz: 'Asia/Calcutta' }, 'Nowhere/Land').expect(200);
    expect(res.body.period.start).toBe('2026-01-09T18:30:00.000Z');
  });

  it('is for admins only: a customer gets 403, a visitor 401', async () => {
    await overview({ from: '2026-01-10', to: '2026-01-10' }, undefined, ann.token).expect(403);
    await overview({ from: '2026-01-10', to: '2026-01-10' }, undefined, null).expect(401);
  });
});

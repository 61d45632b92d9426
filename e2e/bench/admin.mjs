// The admin part of the benchmark (docs/operations.md#admin-lists-at-scale): the admin lists on real PostgreSQL at 10,000
// and at 1,000,000 subscriptions, through HTTP on the real built server with an admin token.
//
// In a fresh database of its own (system.createStore; dropped at the end unless BENCH_ADMIN_KEEP=1):
//   1. the real server starts once, which runs the migrations and seeds plans, countries and the admin;
//   2. SQL (generate_series, not the API) adds 100,000 customers (users rows with every NOT NULL
//      column: customer123@example.com, "Customer 123", a phone, a country) and 10,000 subscriptions
//      spread over them at random (the 8 seeded plans and their tiers, Status ~70% 0 / 30% 1,
//      order ids 'order_' + 14 random characters, payment ids 'pay_' + 14, customer_email and
//      customer_name copied from the customer as billing does; created_at runs through the last two
//      years in insertion order, as a shop's rows arrive), then VACUUM ANALYZE (what autovacuum does
//      to an insert-only table; index-only scans need its visibility map); the per-Status counters
//      the triggers keep (subscription_status_totals, user_totals) are checked against count(*);
//   3. the admin logs in (POST /api/admin/login, ADMIN_EMAIL/ADMIN_PASSWORD or the development
//      admin); each query: 3 warm-up calls, then 20 timed calls one after the other over a
//      keep-alive connection (request start to last byte), median and p95;
//   4. the table grows to 1,000,000 subscriptions (the same way, 110,000 rows a statement), VACUUM
//      ANALYZE, counters checked, every query timed again;
//   5. EXPLAIN (ANALYZE, BUFFERS) of the SQL behind each query at 1,000,000, written to
//      e2e/artifacts/admin-explain.txt: a second server instance connects through a small TCP proxy
//      that records the statements on the wire (simple and extended protocol, with the bound
//      parameters); one call of each query through it, then each recorded read is explained with
//      its own parameters. Whatever the repositories send today is what gets explained.
//
// Queries: tasks default sort; Status=1; q by an e-mail part ('customer12345'), by a whole address
// (what an admin pastes), by an order id part (8 characters of a row of the first 10,000) and by a
// plan name (broad: 1 row in 8); sortBy planName; page 1,000 (offset 9,990: the last page at 10k)
// and page 5,000 (offset 49,990: past the end at 10k, where the repository answers without
// reading); Next to page 5,000 by keyset (`after`: the `cursors.next` of page 4,999, as the admin
// app's Next sends it; at 10k, Next from page 999 to the last page); clients search 'customer4242', the first clients page,
// clients page 5,000 by number and by Next (`after`, as for tasks); a user's services (POST /api/subscription/user, the first
// customer from 4242 whose id passes the API's UUID check: about 0.1 subscriptions at 10k, 10 at 1M); the stale unpaid orders (POST /api/admin/orders); the refunds list
// (POST /api/admin/refunds/list: 5% of the orders are refunded, so about 500 rows at 10k and 50,000 at 1M) on page 1,
// page 40 and page 4,000 (past the end at 10k); the audit log's first page. The customers are the same 100,000 at both sizes.
//
// The bar (docs/operations.md#admin-lists-at-scale): every query at 1M within 2x its median at 10k.
//
// The owner's figures (docs/reports.md) ride on the same data: each seeded subscription comes with
// its paid payment order (same order id, customer, plan and tier; the amount from the tier's price,
// two of the eight plans priced in INR), paid at a random moment of the last two years (so at both
// sizes a 30-day window holds about 1/24 of the orders: the Overview meets 100 times the density at
// 1M), 5% of them refunded (processed two days later; half in full, half in part), and 60% of the
// Completed and 30% of the In Process subscriptions carry a provider charge (10% of the INR ones in
// USD) on their fulfilments row (docs/fulfilment.md#the-fulfilment-record). All inserted through the source tables, so the reporting triggers keep the rollups as they
// would for real; the rollups are then checked against a GROUP BY over the source tables at both
// sizes. Timed like the lists: POST /api/admin/overview for the last 30 days (per day) and the last
// 12 months (per month), in Asia/Kolkata (+05:30, the zone whose days cost the most buckets). And
// GET /api/admin/export/orders.csv of the whole two years at both sizes (then customers.csv once at
// 1M): rows, seconds, rows per second, and the server's resident memory before and at its peak
// during the download (sampled from /proc every 20 ms); then the million-row download once more from
// a second instance whose V8 heap is capped at 96 MiB (it completes only if the export's memory does
// not grow with the rows).
//
//   BENCH_ADMIN_RUNS            timed calls per query and size (default 20)
//   BENCH_ADMIN_WARMUPS         untimed calls before them (default 3)
//   BENCH_ADMIN_CUSTOMERS       customers (default 100,000)
//   BENCH_ADMIN_SUBSCRIPTIONS   subscriptions of the large size (default 1,000,000; the small size is 10,000)
//   BENCH_ADMIN_KEEP=1          keep the database afterwards (its name is printed)
//   BENCH_ADMIN_MAX_LOAD        before each timed size, wait until the 1-minute load average is below
//                               this (a shared machine; up to BENCH_ADMIN_MAX_WAIT seconds, default 1800)
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { jsonClient, percentile } from './json-client.mjs';
import { checkSeedColumns, logHeader, pad, recordingProxy, runFacts, SUBSCRIPTION_COLUMNS, USER_COLUMNS } from './lib.mjs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const system = require('../support/system.js');

const SMALL = 10_000;
const BAR = 2;
/** The old-space limit of the instance that downloads the million-row export a second time. */
const CAPPED_HEAP_MIB = 96;
const GROW_CHUNK = 110_000;

/** The JSON client of this part: one socket (the requests are timed one after another), POST only. */
function client(baseUrl) {
  const api = jsonClient(baseUrl, { maxSockets: 1 });
  return { baseUrl, call: (urlPath, body, token) => api.call('POST', urlPath, body ?? {}, token), close: api.close };
}

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

/** The columns each seeding INSERT fills beyond users' and subscriptions' (lib.mjs); a NOT NULL column without a default missing here stops the bench. */
const PAYMENT_ORDER_COLUMNS = [
  'order_id',
  'user_id',
  'email',
  'customer_name',
  'plan_id',
  'plan_name',
  'plan_slug',
  'tier',
  'amount',
  'currency',
  'profile_link',
  'status',
  'payment_id',
  'created_at',
  'updated_at',
  'expires_at',
  'paid_at',
  'subscription_id',
];
const REFUND_COLUMNS = [
  'refund_id',
  'order_id',
  'subscription_id',
  'payment_id',
  'amount',
  'currency',
  'reason',
  'actor_role',
  'state',
  'idempotency_key',
  'created_at',
  'updated_at',
  'settled_at',
];
/** The columns of a fulfilments row with a provider charge besides subscription_id (migration 1765300000000-fulfilments: the first four NOT NULL, the order id for `open` and `done`). */
const CHARGE_COLUMNS = [
  'fulfilment_state',
  'upstream_service_id',
  'upstream_quantity',
  'fulfilment_queued_at',
  'upstream_order_id',
  'upstream_charge',
  'upstream_currency',
];
const SEEDED = {
  users: USER_COLUMNS,
  subscriptions: SUBSCRIPTION_COLUMNS,
  fulfilments: ['subscription_id', ...CHARGE_COLUMNS],
  payment_orders: PAYMENT_ORDER_COLUMNS,
  refunds: REFUND_COLUMNS,
};

/** Deterministic user ids, so a subscription names its customer by number without a join. */
const userIdOf = (n) => `md5('bench-customer-' || ${n})::uuid`;
/** The id userIdOf gives customer `n`, computed here (md5 hex as a uuid). */
const benchUserId = (n) =>
  crypto
    .createHash('md5')
    .update(`bench-customer-${n}`)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
/** The first customer from `n` whose md5 id has a UUID's version and variant digits, which the API's userId check asks for. */
const validBenchCustomer = (n) => (/^.{14}[1-8].{4}[89ab]/.test(benchUserId(n)) ? n : validBenchCustomer(n + 1));
const SERVICES_CUSTOMER = validBenchCustomer(4242);
/** 14 random characters [A-Za-z0-9] (base64 of a hash, + and / replaced), like Razorpay's ids. */
const random14 = (salt) => `substr(translate(encode(sha256((${salt} || ':' || random())::text::bytea), 'base64'), '+/=', 'xyz'), 1, 14)`;

async function seedCustomers(db, customers) {
  await db.query(`
    WITH countries_list AS MATERIALIZED (SELECT array_agg(country_id ORDER BY code) AS ids FROM countries)
    INSERT INTO users (${USER_COLUMNS.join(', ')})
    SELECT ${userIdOf('g')}, 'customer' || g || '@example.com', 'Customer ' || g,
           '+91 9' || lpad(((g * 7919) % 1000000000)::text, 9, '0'),
           c.ids[1 + g % array_length(c.ids, 1)], c.ids[1 + g % array_length(c.ids, 1)],
           t, t, t, 0
    FROM (SELECT g, now() - interval '760 days' + (g - 1 + random()) * (interval '30 days' / ${customers}) AS t FROM generate_series(1, ${customers}) g) s
    CROSS JOIN countries_list c`);
}

/**
 * One INSERT … SELECT of subscriptions `from`..`to` of `total`, each for a random customer, a random
 * tier of a random seeded plan. Row g is created at about g/total of the way through the last two
 * years (each a random moment within its own slice), so rows arrive in time order as a shop's do
 * and the table's physical order follows created_at. The statement triggers add the statement's
 * rows to the per-Status counters once.
 *
 * In the same statement, each subscription's paid payment order (paid at a random moment of the
 * last two years, see the header) and 5% of those orders' processed refunds; in a second statement,
 * the provider charge of some subscriptions on their fulfilments rows (one table a statement, as the
 * repositories write: the reports' triggers of subscriptions and of fulfilments each join the other
 * table as it is, so both in one statement would count each charge twice). The chunk's random draws
 * wait in a temporary table between the two. The reporting triggers see them as they would see a
 * shop's writes.
 */
async function seedSubscriptions(db, from, to, total, customers) {
  const tiers = `tiers AS MATERIALIZED (
      SELECT (row_number() OVER (ORDER BY p.name, t.position, t.pricing_id) - 1)::int AS i, p.plan_id, p.name, p.slug, p.currency, t.price,
             jsonb_build_object('pricingId', t.pricing_id, 'name', t.name, 'price', t.price::text, 'description', t.description,
                                'features', t.features, 'isPopular', t.is_popular, 'currency', p.currency) AS pricing
      FROM plans p JOIN pricing_tiers t ON t.plan_id = p.plan_id
    )`;
  await db.query(`
    CREATE TEMP TABLE bench_picks AS
    WITH ${tiers}, n AS MATERIALIZED (SELECT count(*)::int AS tiers FROM tiers)
      SELECT gen_random_uuid() AS subscription_id, g, 1 + floor(random() * ${customers})::int AS k, floor(random() * n.tiers)::int AS tier,
             CASE WHEN random() < 0.3 THEN 1 ELSE 0 END AS status,
             now() - interval '730 days' + (g - 1 + random()) * (interval '730 days' / ${total}) AS t,
             'order_' || ${random14("'o' || g")} AS order_id, 'pay_' || ${random14("'p' || g")} AS payment_id,
             now() - random() * interval '730 days' AS paid_at, random() AS charged, random() AS refunded, random() AS elsewhere
      FROM generate_series(${from}, ${to}) g CROSS JOIN n`);
  try {
    await db.query('ANALYZE bench_picks');
    const result = await db.query(`
    WITH ${tiers}, picks AS (SELECT * FROM bench_picks), subs AS (
      INSERT INTO subscriptions (${SUBSCRIPTION_COLUMNS.join(', ')})
      SELECT p.subscription_id, ${userIdOf('p.k')}, tiers.plan_id, tiers.name, 'https://example.com/@customer' || p.k,
             p.order_id, p.payment_id, p.status, tiers.pricing,
             'customer' || p.k || '@example.com', 'Customer ' || p.k, p.t, p.t
      FROM picks p JOIN tiers ON tiers.i = p.tier
      ON CONFLICT (order_id) DO NOTHING
      RETURNING subscription_id, order_id
    ), orders AS (
      INSERT INTO payment_orders (${PAYMENT_ORDER_COLUMNS.join(', ')})
      SELECT p.order_id, ${userIdOf('p.k')}, 'customer' || p.k || '@example.com', 'Customer ' || p.k, tiers.plan_id, tiers.name, tiers.slug,
             tiers.pricing, (tiers.price * 100)::bigint, tiers.currency, 'https://example.com/@customer' || p.k, 'paid', p.payment_id,
             p.paid_at - interval '1 minute', p.paid_at, p.paid_at + interval '29 minutes', p.paid_at, s.subscription_id
      FROM subs s JOIN picks p ON p.order_id = s.order_id JOIN tiers ON tiers.i = p.tier
      RETURNING order_id, subscription_id, payment_id, amount, currency, paid_at
    ), refunded AS (
      INSERT INTO refunds (${REFUND_COLUMNS.join(', ')})
      SELECT gen_random_uuid(), o.order_id, o.subscription_id, o.payment_id,
             CASE WHEN p.refunded < 0.025 THEN o.amount ELSE greatest(1, o.amount / 2) END, o.currency, 'staff', 'admin', 'processed',
             'bench-' || o.order_id, o.paid_at + interval '1 day', least(now(), o.paid_at + interval '2 days'), least(now(), o.paid_at + interval '2 days')
      FROM orders o JOIN picks p ON p.order_id = o.order_id
      WHERE p.refunded < 0.05
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM subs)::int AS added, (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM refunded)::int AS refunds`);
    // The charged subscriptions' fulfilments: only picks whose subscription went in (a repeated order id's did not).
    await db.query(`
    WITH ${tiers}
    INSERT INTO fulfilments (subscription_id, ${CHARGE_COLUMNS.join(', ')})
    SELECT p.subscription_id, c.state, '1', 1000, p.t, 'up_' || p.order_id, round(tiers.price * 0.3 + p.charged::numeric, 4)::text,
           CASE WHEN tiers.currency = 'INR' AND p.elsewhere < 0.1 THEN 'USD' ELSE tiers.currency END
    FROM bench_picks p JOIN subscriptions s ON s.subscription_id = p.subscription_id JOIN tiers ON tiers.i = p.tier
    CROSS JOIN LATERAL (SELECT CASE WHEN p.status = 1 AND p.charged < 0.6 THEN 'done' WHEN p.status = 0 AND p.charged < 0.3 THEN 'open' END AS state) c
    WHERE c.state IS NOT NULL`);
    return result.rows[0].added;
  } finally {
    await db.query('DROP TABLE bench_picks');
  }
}

/**
 * Adds subscriptions until the table holds `target` (a random order id may, very rarely, repeat);
 * `total` is the largest size of the run, which sets the pace of created_at.
 */
async function growTo(db, target, total, customers, log) {
  let have = Number((await db.query('SELECT count(*) AS n FROM subscriptions')).rows[0].n);
  const started = performance.now();
  while (have < target) {
    const to = Math.min(target, have + GROW_CHUNK);
    const t0 = performance.now();
    const added = await seedSubscriptions(db, have + 1, to, total, customers);
    have += added;
    log(`    ${have.toLocaleString('en-US')} subscriptions (+${added.toLocaleString('en-US')} in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  return (performance.now() - started) / 1000;
}

/** The trigger-kept counters against count(*). */
async function checkCounters(db) {
  const counted = (await db.query('SELECT status, count(*)::bigint AS n FROM subscriptions GROUP BY status ORDER BY status')).rows;
  const kept = (await db.query('SELECT status, sum(n)::bigint AS n FROM subscription_status_totals GROUP BY status HAVING sum(n) <> 0 ORDER BY status')).rows;
  const users = Number((await db.query('SELECT count(*) AS n FROM users')).rows[0].n);
  const usersKept = Number((await db.query('SELECT coalesce(sum(n), 0) AS n FROM user_totals')).rows[0].n);
  const byStatus = Object.fromEntries(counted.map((r) => [r.status, { counted: Number(r.n), kept: Number(kept.find((k) => k.status === r.status)?.n ?? 0) }]));
  for (const k of kept) if (!(k.status in byStatus)) byStatus[k.status] = { counted: 0, kept: Number(k.n) };
  // The per-day counts of the jumps by page number (migration 1765000000000-list-day-counts): (list, day, part) groups that differ.
  const { LIST_DAY_COUNTS_DRIFT } = require(path.join(system.repoRoot, 'backend', 'dist', 'platform', 'database', 'migrations', '1765000000000-list-day-counts.js'));
  const dayDrift = (await db.query(LIST_DAY_COUNTS_DRIFT)).rows.length;
  const ok = Object.values(byStatus).every((s) => s.counted === s.kept) && users === usersKept && dayDrift === 0;
  return { ok, byStatus, users: { counted: users, kept: usersKept }, dayDrift };
}

/**
 * The reporting rollups (migration 1764800000000-reports) against a GROUP BY over the source tables,
 * every span and dimension: rows that differ either way (0 when the triggers kept them exactly), and
 * the attention counters the same way.
 */
async function checkRollups(db) {
  const measures = ['orders', 'revenue', 'refunds', 'refund_count', 'upstream_cost', 'upstream_orders'];
  // The facts as the backend's rollup check counts them (docs/reports.md, "What each figure is").
  const facts = fs.readFileSync(path.join(system.repoRoot, 'backend', 'test', 'reports', 'rollup-facts.sql'), 'utf8');
  const bucket = {
    q: `to_timestamp(floor(extract(epoch FROM f.at) / 900) * 900)`,
    h: `date_trunc('hour', f.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    d: `date_trunc('day', f.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    m: `date_trunc('month', f.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
  };
  const dims = [
    ['all', `''`, 'f.cost_currency IS NULL'],
    ['platform', 'f.platform', 'f.cost_currency IS NULL'],
    ['tier', 'f.tier', 'f.cost_currency IS NULL'],
    ['cost', 'f.cost_currency', 'f.cost_currency IS NOT NULL'],
  ];
  const counted = Object.entries(bucket).flatMap(([span, b]) =>
    dims.map(
      ([
        dim,
        value,
        where,
      ]) => `SELECT '${span}' AS span, '${dim}' AS dim, ${b} AS bucket, ${value} AS value, f.currency, ${measures.map((m) => `sum(f.${m}) AS ${m}`).join(', ')}
      FROM facts f WHERE ${where} GROUP BY 3, 4, 5 HAVING ${measures.map((m) => `sum(f.${m}) <> 0`).join(' OR ')}`,
    ),
  );
  const kept = `SELECT span, dim, bucket, value, currency, ${measures.map((m) => `sum(${m}) AS ${m}`).join(', ')} FROM report_sales
    GROUP BY span, dim, bucket, value, currency HAVING ${measures.map((m) => `sum(${m}) <> 0`).join(' OR ')}`;
  const {
    rows: [sales],
  } = await db.query(`
    WITH facts AS MATERIALIZED (${facts}), counted AS MATERIALIZED (${counted.join(' UNION ALL ')}), kept AS MATERIALIZED (${kept})
    SELECT (SELECT count(*) FROM (SELECT * FROM kept EXCEPT SELECT * FROM counted) x)::int AS only_kept,
           (SELECT count(*) FROM (SELECT * FROM counted EXCEPT SELECT * FROM kept) x)::int AS only_counted,
           (SELECT count(*) FROM kept)::int AS rows, (SELECT count(*) FROM report_sales)::int AS stored`);
  const {
    rows: [attention],
  } = await db.query(`
    WITH kept AS (SELECT kind, CASE WHEN kind = 'in_process' THEN bucket END AS bucket, sum(n) AS n FROM report_attention GROUP BY 1, 2 HAVING sum(n) <> 0),
    counted AS (
      SELECT 'needs_review' AS kind, NULL::timestamptz AS bucket, count(*) AS n FROM fulfilments WHERE fulfilment_state = 'needs_review' HAVING count(*) > 0
      UNION ALL SELECT 'refund_requests_open', NULL, count(*) FROM refund_requests WHERE state = 'open' HAVING count(*) > 0
      UNION ALL SELECT 'in_process_all', NULL, count(*) FROM subscriptions WHERE status = 0 HAVING count(*) > 0
      UNION ALL SELECT 'in_process', to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900), count(*) FROM subscriptions WHERE status = 0 GROUP BY 2)
    SELECT (SELECT count(*) FROM (SELECT * FROM kept EXCEPT SELECT * FROM counted) x)::int AS only_kept,
           (SELECT count(*) FROM (SELECT * FROM counted EXCEPT SELECT * FROM kept) x)::int AS only_counted`);
  const ok = sales.only_kept === 0 && sales.only_counted === 0 && attention.only_kept === 0 && attention.only_counted === 0;
  return { ok, sales, attention };
}

/** What the seeded shop holds: orders, refunds and the rollup rows the triggers made of them. */
async function shopSize(db) {
  const {
    rows: [r],
  } = await db.query(`
    SELECT (SELECT count(*) FROM payment_orders WHERE status = 'paid')::int AS paid_orders, (SELECT count(*) FROM refunds)::int AS refunds,
           (SELECT count(*) FROM fulfilments WHERE upstream_charge IS NOT NULL)::int AS charged, (SELECT count(*) FROM report_sales)::int AS rollup_rows`);
  return r;
}

// ---------------------------------------------------------------------------------------------
// The queries
// ---------------------------------------------------------------------------------------------

/** What each query asks for; `orderFragment` is filled in once the first rows exist. */
function queries(orderFragment) {
  return [
    { key: 'tasksDefault', name: 'tasks: default sort, page 1', path: '/api/admin/tasks', body: { page: 1, limit: 10 } },
    { key: 'tasksStatus1', name: 'tasks: Status=1, page 1', path: '/api/admin/tasks', body: { page: 1, limit: 10, Status: 1 } },
    { key: 'tasksQEmail', name: "tasks: q 'customer12345'", path: '/api/admin/tasks', body: { page: 1, limit: 10, q: 'customer12345' } },
    { key: 'tasksQAddress', name: "tasks: q 'customer12345@example.com'", path: '/api/admin/tasks', body: { page: 1, limit: 10, q: 'customer12345@example.com' } },
    { key: 'tasksQOrder', name: `tasks: q '${orderFragment}' (order id part)`, path: '/api/admin/tasks', body: { page: 1, limit: 10, q: orderFragment } },
    { key: 'tasksQBroad', name: "tasks: q 'youtube' (1 plan in 8: broad)", path: '/api/admin/tasks', body: { page: 1, limit: 10, q: 'youtube' } },
    { key: 'tasksPlanName', name: 'tasks: sortBy planName, page 1', path: '/api/admin/tasks', body: { page: 1, limit: 10, sortBy: 'planName' } },
    { key: 'tasksPage1000', name: 'tasks: page 1,000 (offset 9,990)', path: '/api/admin/tasks', body: { page: 1000, limit: 10 } },
    { key: 'tasksPage5000', name: 'tasks: page 5,000 (offset 49,990)', path: '/api/admin/tasks', body: { page: 5000, limit: 10 } },
    {
      key: 'tasksNext5000',
      name: 'tasks: Next to page 5,000 by cursor (at 10k: to the last page, 1,000)',
      path: '/api/admin/tasks',
      body: { page: 5000, limit: 10 },
      cursorFrom: true,
    },
    { key: 'clientsSearch', name: "clients: search 'customer4242'", path: '/api/user/getAll', body: { page: 1, limit: 10, search: 'customer4242' } },
    { key: 'clientsPage1', name: 'clients: page 1, no search', path: '/api/user/getAll', body: { page: 1, limit: 10 } },
    { key: 'clientsPage5000', name: 'clients: page 5,000 (offset 49,990)', path: '/api/user/getAll', body: { page: 5000, limit: 10 } },
    { key: 'clientsNext5000', name: 'clients: Next to page 5,000 by cursor', path: '/api/user/getAll', body: { page: 5000, limit: 10 }, cursorFrom: true },
    {
      key: 'userServices',
      name: `a user's services (customer ${SERVICES_CUSTOMER})`,
      path: '/api/subscription/user',
      body: { userId: benchUserId(SERVICES_CUSTOMER) },
    },
    { key: 'ordersStale', name: 'orders: unpaid-stale, page 1', path: '/api/admin/orders', body: { page: 1, limit: 10, kind: 'unpaid-stale' } },
    { key: 'refundsPage1', name: 'refunds list: page 1', path: '/api/admin/refunds/list', body: { page: 1, limit: 10 } },
    { key: 'refundsPage40', name: 'refunds list: page 40 (offset 390)', path: '/api/admin/refunds/list', body: { page: 40, limit: 10 } },
    { key: 'refundsPage4000', name: 'refunds list: page 4,000 (offset 39,990)', path: '/api/admin/refunds/list', body: { page: 4000, limit: 10 } },
    { key: 'auditPage1', name: 'audit log: page 1', path: '/api/admin/audit', body: { page: 1, limit: 10 } },
    ...overviewQueries(),
  ];
}

/** A date `days` after `date` (YYYY-MM-DD, calendar arithmetic). */
const addDays = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The Overview (docs/reports.md) in Asia/Kolkata: the last 30 days per day, and the last 12 months
 * per month (from the first day of the month 11 months ago to today), as the owner's screen asks.
 */
export function overviewQueries(now = new Date()) {
  const tz = 'Asia/Kolkata';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const [y, m] = today.split('-').map(Number);
  const monthIndex = y * 12 + (m - 1) - 11;
  const yearAgo = `${Math.floor(monthIndex / 12)}-${String((monthIndex % 12) + 1).padStart(2, '0')}-01`;
  return [
    {
      key: 'overview30d',
      name: 'overview: 30 days per day (Kolkata)',
      path: '/api/admin/overview',
      body: { from: addDays(today, -29), to: today, granularity: 'day', tz },
    },
    { key: 'overview12m', name: 'overview: 12 months per month (Kolkata)', path: '/api/admin/overview', body: { from: yearAgo, to: today, granularity: 'month', tz } },
  ];
}

/** What the answer held: rows on the page and the total it reported. */
function describeAnswer(json) {
  if (Array.isArray(json?.series)) {
    // The Overview: chart points, and the paid orders of the period (all currencies).
    return { rows: json.series.length, total: (json.currencies ?? []).reduce((n, c) => n + c.orders.value, 0) };
  }
  const list = json?.data ?? json?.subscriptions;
  const rows = Array.isArray(list) ? list.length : null;
  const total = json?.paging?.total ?? json?.meta?.total ?? null;
  return { rows, total };
}

/**
 * A query that is Next by keyset (`cursorFrom`): the page before it is read by number and its
 * `cursors.next` becomes `after`, as the admin app sends it (docs/operations.md#admin-lists-at-scale). Where the
 * list is shorter than the page, the last page is asked for from the one before it instead.
 */
async function withCursor(api, token, query) {
  if (!query.cursorFrom) return query;
  const before = async (page) => {
    const answer = await api.call(query.path, { ...query.body, page }, token);
    if (answer.status !== 200) throw new Error(`${query.path} page ${page} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer.json;
  };
  let page = query.body.page - 1;
  let answer = await before(page);
  if (!answer.cursors?.next) {
    page = Math.max(1, (answer.paging?.pages ?? answer.meta?.lastPage ?? 1) - 1);
    answer = await before(page);
  }
  if (!answer.cursors?.next) throw new Error(`${query.path} page ${page} answered no cursors.next`);
  return { ...query, body: { ...query.body, page: page + 1, after: answer.cursors.next } };
}

async function timeQuery(api, token, query, { runs, warmups }) {
  const first = await api.call(query.path, query.body, token);
  if (first.status !== 200 || first.json?.success !== true) {
    throw new Error(`${query.path} ${JSON.stringify(query.body)} answered ${first.status}: ${first.text.slice(0, 300)}`);
  }
  for (let i = 1; i < warmups; i++) await api.call(query.path, query.body, token);
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const answer = await api.call(query.path, query.body, token);
    if (answer.status !== 200) throw new Error(`${query.path} ${JSON.stringify(query.body)} answered ${answer.status} on run ${i + 1}: ${answer.text.slice(0, 300)}`);
    samples.push(answer.ms);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), min: sorted[0], max: sorted.at(-1), runs, ...describeAnswer(first.json) };
}

/** Waits (BENCH_ADMIN_MAX_LOAD) until the machine is quiet enough to time anything. */
async function quiet(log) {
  const max = Number(process.env.BENCH_ADMIN_MAX_LOAD);
  if (!(max > 0)) return;
  const deadline = Date.now() + Number(process.env.BENCH_ADMIN_MAX_WAIT ?? 1800) * 1000;
  let said = false;
  while (os.loadavg()[0] >= max && Date.now() < deadline) {
    if (!said) log(`    waiting for the 1-minute load average (${os.loadavg()[0].toFixed(2)}) to drop below ${max}`);
    said = true;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  if (os.loadavg()[0] >= max) log(`    load average still ${os.loadavg()[0].toFixed(2)}: timing anyway`);
}

async function measureAll(api, token, list, options, log) {
  await quiet(log);
  const loadBefore = os.loadavg();
  log(`    (load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')})`);
  const results = {};
  for (const asked of list) {
    const query = await withCursor(api, token, asked);
    results[query.key] = { ...(await timeQuery(api, token, query, options)), ...(query.cursorFrom ? { body: query.body } : {}) };
    const r = results[query.key];
    log(`    ${query.name}: median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.rows} rows, total ${r.total})`);
  }
  return { loadAverageBefore: loadBefore.map((x) => Number(x.toFixed(2))), loadAverageAfter: os.loadavg().map((x) => Number(x.toFixed(2))), results };
}

// ---------------------------------------------------------------------------------------------
// The CSV exports: rows per second and the server's memory
// ---------------------------------------------------------------------------------------------

/** Resident memory of a process in bytes (Linux /proc), or null where there is none. */
function rssOf(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const mib = (bytes) => (bytes === null ? null : Number((bytes / 1048576).toFixed(1)));

/**
 * One download of an export, read as fast as this process takes it: status, rows (records after the
 * header), bytes, seconds to the last byte and to the first, rows per second, and the server's
 * resident memory just before and at its highest while it streamed (sampled every 20 ms).
 */
async function timeExport(baseUrl, token, urlPath, pid) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    const rss = rssOf(pid);
    if (rss !== null && (peak === null || rss > peak)) peak = rss;
  }, 20);
  const started = performance.now();
  try {
    const answer = await new Promise((resolve, reject) => {
      const req = http.get(new URL(urlPath, baseUrl), { headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        let lines = 0;
        let firstByteMs = null;
        res.on('data', (chunk) => {
          if (firstByteMs === null) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        res.on('end', () => resolve({ status: res.statusCode, contentType: res.headers['content-type'], bytes, lines, firstByteMs }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    const seconds = (performance.now() - started) / 1000;
    if (answer.status !== 200) throw new Error(`GET ${urlPath} answered ${answer.status}`);
    const rows = answer.lines - 1;
    return {
      path: urlPath,
      rows,
      bytes: answer.bytes,
      seconds: Number(seconds.toFixed(2)),
      firstByteMs: Number(answer.firstByteMs.toFixed(1)),
      rowsPerSecond: Math.round(rows / seconds),
      rssBeforeMiB: mib(before),
      rssPeakMiB: mib(peak),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The whole two years of orders (UTC dates), and the customers of the seeded 30 days 760 days ago. */
function exportPaths() {
  const today = new Date().toISOString().slice(0, 10);
  return {
    orders: `/api/admin/export/orders.csv?from=${addDays(today, -731)}&to=${today}`,
    customers: `/api/admin/export/customers.csv?from=${addDays(today, -765)}&to=${today}`,
  };
}

async function measureExport(api, db, token, pid, which, log, label = '') {
  const urlPath = exportPaths()[which];
  const result = await timeExport(api.baseUrl, token, urlPath, pid);
  const table = which === 'orders' ? 'payment_orders' : 'users';
  const since = new URL(urlPath, 'http://x').searchParams;
  const {
    rows: [{ n }],
  } = await db.query(
    `SELECT count(*)::int AS n FROM ${table} WHERE created_at >= $1::date::timestamp AT TIME ZONE 'UTC' AND created_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    [since.get('from'), since.get('to')],
  );
  result.expectedRows = n;
  result.rowsOk = result.rows === n;
  log(
    `    export ${which}.csv${label}: ${result.rows.toLocaleString('en-US')} rows${result.rowsOk ? '' : ` (EXPECTED ${n.toLocaleString('en-US')})`}, ${(result.bytes / 1048576).toFixed(1)} MiB in ${result.seconds} s ` +
      `(first byte ${result.firstByteMs} ms): ${result.rowsPerSecond.toLocaleString('en-US')} rows/s; server RSS ${result.rssBeforeMiB} MiB before, ${result.rssPeakMiB} MiB at its peak`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// The SQL behind each query: recorded on the wire, then explained
// ---------------------------------------------------------------------------------------------

/** Statements of the request worth a plan: reads of the admin lists' tables, not transaction control or background jobs. */
const isListRead = (sql) => /^\s*(SELECT|WITH)\b/i.test(sql) && !/mail_outbox/i.test(sql);

/**
 * One call of each query through a second server connected over the recording proxy; answers,
 * per query, the statements it ran in order, each with its EXPLAIN (ANALYZE, BUFFERS).
 * A statement that is itself an EXPLAIN (boundedCount's estimate) is shown as plain EXPLAIN.
 */
async function explainAll({ store, db, list, credentials, log }) {
  const proxy = await recordingProxy(store.databaseUrl);
  /** The body each query sent (a cursor query's own `after`). */
  const sent = new Map();
  let server;
  let api;
  try {
    server = await system.startServer({ store, env: { DATABASE_URL: proxy.url }, logFile: path.join(store.dataDir, 'server-explain.log'), quiet: true });
    api = client(server.baseUrl);
    const login = await api.call('/api/admin/login', credentials);
    if (login.status !== 200) throw new Error(`POST /api/admin/login (recording server) answered ${login.status}: ${login.text.slice(0, 300)}`);
    const token = login.json.token;
    for (const asked of list) {
      const query = await withCursor(api, token, asked);
      sent.set(query.key, query.body);
      await api.call(query.path, query.body, token); // warm: caches, connections
      proxy.setLabel(query.key);
      const answer = await api.call(query.path, query.body, token);
      proxy.setLabel(null);
      if (answer.status !== 200) throw new Error(`${query.path} answered ${answer.status} on the recording server: ${answer.text.slice(0, 300)}`);
    }
  } finally {
    api?.close();
    if (server) await server.stop();
    await proxy.close();
  }
  const sections = [];
  for (const query of list) {
    const ran = proxy.records.filter((r) => r.label === query.key);
    const parts = [
      `=== ${query.name}\n    POST ${query.path} ${JSON.stringify(sent.get(query.key) ?? query.body)}\n    statements of the request, in order: ${ran.length}`,
    ];
    for (const [i, s] of ran.entries()) {
      const params = s.params.length ? `\n-- params: ${JSON.stringify(s.params)}` : '';
      const oneLine = s.sql.replace(/\s+/g, ' ').trim();
      const estimate = /^\s*EXPLAIN\b/i.test(s.sql);
      if (!estimate && !isListRead(s.sql)) {
        parts.push(`--- ${i + 1}. ${oneLine}${params}`);
        continue;
      }
      const sql = estimate ? s.sql.replace(/^\s*EXPLAIN\s*(\([^)]*\))?\s*/i, '') : s.sql;
      let plan;
      try {
        plan = (await db.query(`EXPLAIN ${estimate ? '' : '(ANALYZE, BUFFERS) '}${sql}`, s.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      } catch (error) {
        plan = `(EXPLAIN failed: ${error.message})`;
      }
      parts.push(`--- ${i + 1}. ${estimate ? '(the planner estimate, EXPLAIN only) ' : ''}${oneLine}${params}\n${plan}`);
    }
    sections.push(parts.join('\n\n'));
  }
  log(`  plans: ${proxy.records.filter((r) => r.label).length} statements recorded on the wire for ${list.length} requests`);
  return sections;
}

async function sizes(db) {
  const { rows } = await db.query(`
    SELECT c.relname AS name, pg_size_pretty(pg_relation_size(c.oid)) AS size
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')
      AND (c.relname LIKE 'subscriptions%' OR c.relname LIKE 'fulfilments%' OR c.relname LIKE 'users%')
    ORDER BY pg_relation_size(c.oid) DESC`);
  return rows.map((r) => `${r.name.padEnd(40)} ${r.size}`).join('\n');
}

// ---------------------------------------------------------------------------------------------
// The part
// ---------------------------------------------------------------------------------------------

const fmt = (n, digits = 1) => (n === null || n === undefined ? '-' : n.toFixed(digits));

/** 10000 → 10k, 1000000 → 1M. */
const short = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));

export function printAdminTable(admin, log) {
  const [a, b] = admin.sizes.map(short);
  const header = [
    pad('query', 46, true),
    pad(`${a} med`, 8),
    pad(`${a} p95`, 8),
    pad(`${b} med`, 8),
    pad(`${b} p95`, 8),
    pad('ratio', 6),
    pad('bar 2x', 6),
    pad(`rows/total ${a}`, 15),
    pad(`rows/total ${b}`, 15),
  ];
  logHeader(log, header);
  for (const row of admin.rows) {
    log(
      [
        pad(row.name, 46, true),
        pad(fmt(row.small.median), 8),
        pad(fmt(row.small.p95), 8),
        pad(fmt(row.large.median), 8),
        pad(fmt(row.large.p95), 8),
        pad(fmt(row.ratio, 2), 6),
        pad(row.ok ? 'ok' : 'OVER', 6),
        pad(`${row.small.rows}/${row.small.total}`, 15),
        pad(`${row.large.rows}/${row.large.total}`, 15),
      ].join(' | '),
    );
  }
  log(
    `(milliseconds per request, start to last byte, ${admin.runs} runs after ${admin.warmups} warm-ups; ratio = ${b} median / ${a} median; ` +
      `load average ${admin.small.loadAverageBefore.join(' ')} before the ${a} runs, ${admin.large.loadAverageBefore.join(' ')} before the ${b} runs)`,
  );
}

/**
 * Runs the whole admin part in a database of its own. Answers the report's `admin` object.
 * options: { pin, serverCore, log, explainFile }
 */
export async function benchAdmin({ pin = false, serverCore = 0, log, explainFile }) {
  const runs = Number(process.env.BENCH_ADMIN_RUNS ?? 20);
  const warmups = Number(process.env.BENCH_ADMIN_WARMUPS ?? 3);
  const customers = Number(process.env.BENCH_ADMIN_CUSTOMERS ?? 100_000);
  const large = Number(process.env.BENCH_ADMIN_SUBSCRIPTIONS ?? 1_000_000);
  const keep = process.env.BENCH_ADMIN_KEEP === '1';
  if (!(large > SMALL)) throw new Error(`BENCH_ADMIN_SUBSCRIPTIONS must be above ${SMALL}`);
  const { DEV_ADMIN } = require(path.join(system.repoRoot, 'backend', 'dist', 'platform', 'config', 'app-config.js'));
  const startedAt = new Date().toISOString();

  const store = await system.createStore({ label: 'bench_admin' });
  log(`  database ${store.databaseName}${keep ? ' (kept afterwards: BENCH_ADMIN_KEEP=1)' : ''}`);
  const { Client } = require('pg');
  const db = new Client({ connectionString: store.databaseUrl });
  let server;
  let api;
  try {
    let clock = performance.now();
    server = await system.startServer({ store, cpu: pin ? serverCore : undefined, logFile: path.join(store.dataDir, 'server.log') });
    log(`  server up (migrations run) in ${((performance.now() - clock) / 1000).toFixed(1)} s on ${server.baseUrl}`);
    await db.connect();
    await db.query("SET maintenance_work_mem = '256MB'");
    await checkSeedColumns(async (sql, params) => (await db.query(sql, params)).rows, SEEDED, 'admin');
    const [{ version }] = (await db.query('SELECT version()')).rows;
    // Two plans priced in rupees: the Overview's figures come per currency.
    await db.query(`UPDATE plans SET currency = 'INR' WHERE slug IN ('instagram', 'facebook')`);
    const plans = (await db.query('SELECT name, currency FROM plans ORDER BY name')).rows.map((r) => `${r.name} (${r.currency})`);
    log(`  ${version.split(',')[0]}; plans: ${plans.join(', ')}`);

    clock = performance.now();
    await seedCustomers(db, customers);
    const customerSeconds = (performance.now() - clock) / 1000;
    clock = performance.now();
    await growTo(db, SMALL, large, customers, () => undefined);
    await db.query('VACUUM ANALYZE users');
    await db.query('VACUUM ANALYZE subscriptions, fulfilments');
    await db.query('VACUUM ANALYZE payment_orders, refunds, report_sales, report_attention, list_day_counts');
    const smallCounters = await checkCounters(db);
    const smallRollups = await checkRollups(db);
    const smallShop = await shopSize(db);
    log(
      `  reports at ${SMALL.toLocaleString('en-US')}: ${smallShop.paid_orders.toLocaleString('en-US')} paid orders, ${smallShop.refunds.toLocaleString('en-US')} refunds, ${smallShop.charged.toLocaleString('en-US')} provider charges, ` +
        `${smallShop.rollup_rows.toLocaleString('en-US')} rollup rows; rollups ${smallRollups.ok ? 'equal GROUP BY over the source tables' : `DIFFER from GROUP BY: ${JSON.stringify(smallRollups)}`}`,
    );
    log(
      `  seeded ${customers.toLocaleString('en-US')} customers (${customerSeconds.toFixed(1)} s) and ${SMALL.toLocaleString('en-US')} subscriptions (${((performance.now() - clock) / 1000).toFixed(1)} s, VACUUM ANALYZE included); ` +
        `counters ${smallCounters.ok ? 'match count(*)' : `DO NOT match count(*): ${JSON.stringify(smallCounters)}`}`,
    );

    // An order id of the first 10,000, so the same fragment finds the same row at both sizes.
    const [{ order_id: someOrder }] = (await db.query('SELECT order_id FROM subscriptions ORDER BY subscription_id LIMIT 1')).rows;
    const orderFragment = someOrder.slice(8, 16);
    const list = queries(orderFragment);

    api = client(server.baseUrl);
    const credentials = { email: process.env.ADMIN_EMAIL || DEV_ADMIN.email, password: process.env.ADMIN_PASSWORD || DEV_ADMIN.password };
    const login = await api.call('/api/admin/login', credentials);
    if (login.status !== 200 || !login.json?.token) throw new Error(`POST /api/admin/login answered ${login.status}: ${login.text.slice(0, 300)}`);
    const token = login.json.token;

    log(`  at ${SMALL.toLocaleString('en-US')} subscriptions:`);
    const small = await measureAll(api, token, list, { runs, warmups }, log);
    const smallExport = await measureExport(api, db, token, server.pid, 'orders', log);

    log(`  growing to ${large.toLocaleString('en-US')} subscriptions (INSERT … SELECT generate_series, ${GROW_CHUNK.toLocaleString('en-US')} a statement):`);
    const growSeconds = await growTo(db, large, large, customers, log);
    clock = performance.now();
    await db.query('VACUUM ANALYZE subscriptions, fulfilments');
    await db.query('VACUUM ANALYZE payment_orders, refunds, report_sales, report_attention, list_day_counts');
    const vacuumSeconds = (performance.now() - clock) / 1000;
    const largeCounters = await checkCounters(db);
    const largeRollups = await checkRollups(db);
    const largeShop = await shopSize(db);
    log(
      `  reports at ${large.toLocaleString('en-US')}: ${largeShop.paid_orders.toLocaleString('en-US')} paid orders, ${largeShop.refunds.toLocaleString('en-US')} refunds, ${largeShop.charged.toLocaleString('en-US')} provider charges, ` +
        `${largeShop.rollup_rows.toLocaleString('en-US')} rollup rows; rollups ${largeRollups.ok ? 'equal GROUP BY over the source tables' : `DIFFER from GROUP BY: ${JSON.stringify(largeRollups)}`}`,
    );
    log(
      `  grown in ${growSeconds.toFixed(1)} s, VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s; counters ${largeCounters.ok ? 'match count(*)' : `DO NOT match count(*): ${JSON.stringify(largeCounters)}`}`,
    );

    log(`  at ${large.toLocaleString('en-US')} subscriptions:`);
    const big = await measureAll(api, token, list, { runs, warmups }, log);
    const largeExport = await measureExport(api, db, token, server.pid, 'orders', log);
    const customersExport = await measureExport(api, db, token, server.pid, 'customers', log);
    // The same download from a second instance whose V8 heap may not pass 96 MiB: it completes only
    // if the export's memory does not grow with the rows (the first instance's peak is mostly the
    // collector taking its time).
    const cappedServer = await system.startServer({
      store,
      env: { NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MIB}` },
      logFile: path.join(store.dataDir, 'server-capped.log'),
      quiet: true,
    });
    let cappedExport;
    try {
      cappedExport = await measureExport({ baseUrl: cappedServer.baseUrl }, db, token, cappedServer.pid, 'orders', log, ` (heap capped at ${CAPPED_HEAP_MIB} MiB)`);
    } finally {
      await cappedServer.stop();
    }

    const rows = list.map((query) => {
      const s = small.results[query.key];
      const l = big.results[query.key];
      const ratio = s.median > 0 ? l.median / s.median : null;
      return { key: query.key, name: query.name, path: query.path, body: query.body, small: s, large: l, ratio, ok: ratio !== null && ratio <= BAR };
    });

    // Plans at the large size.
    api.close();
    api = undefined;
    await server.stop();
    server = undefined;
    const sections = await explainAll({ store, db, list, credentials, log });
    const header = [
      `EXPLAIN (ANALYZE, BUFFERS) of the SQL behind each admin query at ${large.toLocaleString('en-US')} subscriptions / ${customers.toLocaleString('en-US')} customers`,
      `(the statements one call of each query ran, recorded between a second server instance and PostgreSQL, in order, with their`,
      ` parameters; statements other than reads listed without a plan; written by e2e/bench/admin.mjs, ${new Date().toISOString()})`,
      `${version}`,
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}; sizes of the tables and indexes:`,
      await sizes(db),
    ].join('\n');
    if (explainFile) {
      fs.mkdirSync(path.dirname(explainFile), { recursive: true });
      fs.writeFileSync(explainFile, `${header}\n\n${sections.join('\n\n\n')}\n`);
    }

    return {
      ...runFacts({ startedAt, database: 'postgres', pinned: pin }),
      postgres: version,
      logLevel: process.env.LOG_LEVEL ?? 'info (server default: one log line per request)',
      customers,
      sizes: [SMALL, large],
      runs,
      warmups,
      bar: `${short(large)} median within ${BAR}x the ${short(SMALL)} median`,
      seed: {
        customersSeconds: customerSeconds,
        growSeconds,
        vacuumAnalyzeSeconds: vacuumSeconds,
        orderFragment,
        countersAtSmall: smallCounters,
        countersAtLarge: largeCounters,
      },
      small: { subscriptions: SMALL, loadAverageBefore: small.loadAverageBefore, loadAverageAfter: small.loadAverageAfter },
      large: { subscriptions: large, loadAverageBefore: big.loadAverageBefore, loadAverageAfter: big.loadAverageAfter },
      rows,
      allWithinBar: rows.every((r) => r.ok),
      countersOk: smallCounters.ok && largeCounters.ok,
      reports: {
        rollupsOk: smallRollups.ok && largeRollups.ok,
        rollups: { small: smallRollups, large: largeRollups },
        shop: { small: smallShop, large: largeShop },
        overview: rows
          .filter((r) => r.path === '/api/admin/overview')
          .map((r) => ({ key: r.key, body: r.body, smallMedianMs: r.small.median, largeMedianMs: r.large.median, ratio: r.ratio, ok: r.ok })),
        exports: {
          ordersSmall: smallExport,
          ordersLarge: largeExport,
          customersLarge: customersExport,
          ordersLargeCappedHeap: { heapMiB: CAPPED_HEAP_MIB, ...cappedExport },
        },
      },
      explainFile: explainFile ? path.relative(system.repoRoot, explainFile) : null,
    };
  } finally {
    api?.close();
    await db.end().catch(() => undefined);
    if (server) await server.stop();
    if (keep) log(`  kept database ${store.databaseName} (drop it with: DROP DATABASE "${store.databaseName}")`);
    else await store.dispose();
  }
}

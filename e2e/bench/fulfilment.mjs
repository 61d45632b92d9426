// The fulfilment part of the benchmark (docs/fulfilment.md): the status sync of 10,000 open upstream orders
// against the API v2 stand-in (e2e/support/provider-stand-in.js, in this process), through the real
// built server (FULFILMENT_PROVIDER=api-v2) and POST /api/admin/fulfilment/sync with an admin token.
//
// In a store of its own (system.createStore: PGlite, or a fresh database when DATABASE_URL is set):
//   1. the stand-in starts, then the server (migrations run, plans and the admin seeded) with
//      FULFILMENT_SYNC_EVERY_MS at its maximum (a day), so only the bench's calls run sync passes;
//   2. SQL adds one customer and 10,000 subscriptions placed upstream: Status 0, each with its
//      fulfilments row (docs/fulfilment.md#the-fulfilment-record): fulfilment_state 'open', upstream
//      order ids 500001…510000 (status 'In progress', never checked), spread over the seeded tiers; the stand-in holds the same ids, every 10th one Completed (start count and
//      remains known), the rest In progress. On PostgreSQL the rows go in while the server runs; on
//      PGlite (one process owns the data directory) the server stops, the bench opens DATA_DIR/pglite
//      itself, seeds, closes it, and starts the server again;
//   3. the admin logs in (ADMIN_EMAIL/ADMIN_PASSWORD or the development admin) and POST
//      /api/admin/fulfilment/sync runs one pass: wall time (request start to last byte), the pass's
//      own report {orders, requests, updated, finished, ms}, and what the stand-in saw (status calls,
//      ids per call, ids asked twice, ids never asked);
//   4. a second pass over the 9,000 still open (nothing changes upstream): the steady-state cost;
//   5. a third such pass with every stand-in answer delayed by a real panel's round trip (150 ms):
//      the server keeps 4 status calls under way, so about 90 / 4 × 150 ms instead of 90 × 150 ms;
//   6. POST /api/admin/tasks by Status checks the outcome: 1,000 Completed, 9,000 In Process.
//
// Refills (docs/refill.md): the first 1,000 of the orders also carry an open refill (upstream refill
// ids 1…1,000, every 10th Completed on the stand-in, the rest In progress), so each pass follows the
// open orders and then the open refills: the first pass is "10,000 open orders and 1,000 open
// refills"; its row says the refill_status calls, the most ids in one, the refills settled.
//
// The bar (docs/fulfilment.md, docs/refill.md): at most 100 ids per status or refill_status call;
// every open order and every open refill asked once per pass.
//
// BENCH_ONLY=fulfilment runs this part alone (and BENCH_FULFILMENT_REFILLS=0 leaves the refills out).
//
//   BENCH_FULFILMENT_ORDERS   open upstream orders seeded (default 10,000)
//   BENCH_FULFILMENT_ROUND_TRIP_MS  the stand-in's answer delay in the third pass, as a real panel's
//                             round trip (default 150)
//   BENCH_FULFILMENT_REFILLS  open refills seeded on the first orders (default 1,000)
import path from 'node:path';
import os from 'node:os';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { jsonClient } from './json-client.mjs';
import { checkSeedColumns, fmt, logHeader, pad, runFacts, SUBSCRIPTION_COLUMNS, USER_COLUMNS } from './lib.mjs';

const require = createRequire(import.meta.url);
const system = require('../support/system.js');
const { startProviderStandIn, STATUS_BATCH } = require('../support/provider-stand-in.js');
const PANEL_ROUND_TRIP_MS = Number(process.env.BENCH_FULFILMENT_ROUND_TRIP_MS ?? 150);

/** The stand-in's order ids of the seeded orders: FIRST_ID + 1 … FIRST_ID + orders. */
const FIRST_ID = 500_000;
/** Every COMPLETED_EVERY-th order is Completed upstream when the first pass asks. */
const COMPLETED_EVERY = 10;
const QUANTITY = 1000;
/** FULFILMENT_SYNC_EVERY_MS's maximum: no pass of the server's own during the bench. */
const NO_PASS_OF_ITS_OWN_MS = '86400000';

// ---------------------------------------------------------------------------------------------
// Seeding (the same SQL on PostgreSQL and PGlite)
// ---------------------------------------------------------------------------------------------

/** The columns of the seeded subscriptions' fulfilments rows besides subscription_id (docs/fulfilment.md#the-fulfilment-record); a NOT NULL column without a default missing stops the bench. */
const FULFILMENT_COLUMNS = [
  'fulfilment_state',
  'upstream_service_id',
  'upstream_quantity',
  'upstream_order_id',
  'upstream_status',
  'fulfilment_queued_at',
  'fulfilment_placing_at',
  'fulfilment_placed_at',
];

const CUSTOMER_EMAIL = 'fulfilment.bench@example.com';

/** `db.query(sql, params)` answers rows: a pg Client's or a PGlite's. */
async function seed(db, orders, serviceId, refills) {
  await checkSeedColumns(
    (sql, params) => db.query(sql, params),
    { users: USER_COLUMNS, subscriptions: SUBSCRIPTION_COLUMNS, fulfilments: ['subscription_id', ...FULFILMENT_COLUMNS] },
    'fulfilment',
  );
  await db.query(`
    INSERT INTO users (${USER_COLUMNS.join(', ')})
    SELECT md5('fulfilment-bench-customer')::uuid, '${CUSTOMER_EMAIL}', 'Fulfilment Bench', '+91 9000000001',
           c.country_id, c.country_id, now(), now(), now(), 0
    FROM countries c ORDER BY c.code LIMIT 1`);
  await db.query(`
    WITH tiers AS MATERIALIZED (
      SELECT (row_number() OVER (ORDER BY p.name, t.position, t.pricing_id) - 1)::int AS i, p.plan_id, p.name,
             jsonb_build_object('pricingId', t.pricing_id, 'name', t.name, 'price', t.price::text, 'description', t.description,
                                'features', t.features, 'isPopular', t.is_popular, 'currency', p.currency) AS pricing
      FROM plans p JOIN pricing_tiers t ON t.plan_id = p.plan_id
    ), n AS MATERIALIZED (SELECT count(*)::int AS tiers FROM tiers),
    picks AS MATERIALIZED (
      SELECT g, g % n.tiers AS tier, now() - interval '3 days' + g * interval '1 second' AS t
      FROM generate_series(1, ${orders}) g CROSS JOIN n
    )
    INSERT INTO subscriptions (${SUBSCRIPTION_COLUMNS.join(', ')})
    SELECT gen_random_uuid(), md5('fulfilment-bench-customer')::uuid, tiers.plan_id, tiers.name, 'https://example.com/@bench' || p.g,
           'order_fb' || lpad(p.g::text, 12, '0'), 'pay_fb' || lpad(p.g::text, 12, '0'), 0, tiers.pricing,
           '${CUSTOMER_EMAIL}', 'Fulfilment Bench', p.t, p.t
    FROM picks p JOIN tiers ON tiers.i = p.tier`);
  // Each order's fulfilment in a statement of its own, after its subscription (the foreign key; the
  // reports' triggers of each table join the other as it is, so one table a statement, as the
  // repositories write). Order g is found by its order id; its times are its creation's.
  await db.query(`
    INSERT INTO fulfilments (subscription_id, ${FULFILMENT_COLUMNS.join(', ')})
    SELECT s.subscription_id, 'open', '${serviceId}', ${QUANTITY}, (${FIRST_ID} + g)::text, 'In progress', s.created_at, s.created_at, s.created_at
    FROM generate_series(1, ${orders}) g JOIN subscriptions s ON s.order_id = 'order_fb' || lpad(g::text, 12, '0')`);
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM fulfilments WHERE fulfilment_state = 'open'`);
  if (Number(n) !== orders) throw new Error(`seeded ${n} open upstream orders, wanted ${orders}`);
  // Open refills on the first `refills` orders, asked an hour ago, their upstream ids 1…refills.
  await db.query(`
    INSERT INTO refills (refill_id, subscription_id, state, actor, actor_id, upstream_order_id, upstream_refill_id, requested_at, placed_at)
    SELECT gen_random_uuid(), f.subscription_id, 'open', 'customer', md5('fulfilment-bench-customer'), f.upstream_order_id,
           (f.upstream_order_id::bigint - ${FIRST_ID})::text, now() - interval '1 hour', now() - interval '1 hour'
    FROM fulfilments f
    WHERE f.fulfilment_state = 'open' AND f.upstream_order_id::bigint BETWEEN ${FIRST_ID + 1} AND ${FIRST_ID + refills}`);
  const [{ r }] = await db.query(`SELECT count(*)::int AS r FROM refills WHERE state = 'open'`);
  if (Number(r) !== refills) throw new Error(`seeded ${r} open refills, wanted ${refills}`);
  await db.query('ANALYZE subscriptions');
  await db.query('ANALYZE fulfilments');
  await db.query('ANALYZE refills');
}

/** The same ids on the stand-in: every COMPLETED_EVERY-th Completed with its counts, the rest In progress; refills likewise. */
function seedStandIn(standIn, orders, serviceId, refills) {
  for (let g = 1; g <= refills; g++) standIn.setRefill(g, { order: String(FIRST_ID + g), status: g % COMPLETED_EVERY === 0 ? 'Completed' : 'In progress' });
  for (let g = 1; g <= orders; g++) {
    const completed = g % COMPLETED_EVERY === 0;
    standIn.setOrder(FIRST_ID + g, {
      service: serviceId,
      link: `https://example.com/@bench${g}`,
      quantity: QUANTITY,
      status: completed ? 'Completed' : 'In progress',
      charge: '0.90000',
      start_count: String(1000 + g),
      remains: completed ? '0' : String(QUANTITY / 2),
      currency: 'USD',
    });
  }
}

async function seedPostgres(store, orders, serviceId, refills) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: store.databaseUrl });
  await client.connect();
  try {
    await seed({ query: async (sql, params) => (await client.query(sql, params)).rows }, orders, serviceId, refills);
  } finally {
    await client.end();
  }
}

/** PGlite: the server is stopped; the bench opens its data directory (DATA_DIR/pglite) as the server does. */
async function seedPglite(store, orders, serviceId, refills) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(store.dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    await seed({ query: async (sql, params) => (await db.query(sql, params)).rows }, orders, serviceId, refills);
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// One pass
// ---------------------------------------------------------------------------------------------

/** What the stand-in saw of one pass: its status calls (requests[from…]). */
function statusCallsSince(standIn, from) {
  const calls = standIn.requests.slice(from).filter((r) => r.action === 'status');
  const perCall = calls.map((r) => (r.params.orders ?? r.params.order ?? '').split(',').filter(Boolean).length);
  const seen = new Map();
  for (const r of calls) for (const id of (r.params.orders ?? r.params.order ?? '').split(',').filter(Boolean)) seen.set(id, (seen.get(id) ?? 0) + 1);
  return {
    calls: calls.length,
    maxIdsPerCall: perCall.length ? Math.max(...perCall) : 0,
    minIdsPerCall: perCall.length ? Math.min(...perCall) : 0,
    idsAsked: seen.size,
    idsAskedTwice: [...seen.values()].filter((n) => n > 1).length,
    otherCalls: standIn.requests
      .slice(from)
      .filter((r) => r.action !== 'status' && r.action !== 'refill_status')
      .map((r) => r.action),
  };
}

/** The refill_status calls of one pass (requests[from…]). */
function refillCallsSince(standIn, from) {
  const calls = standIn.requests.slice(from).filter((r) => r.action === 'refill_status');
  const idsOf = (r) => (r.params.refills ?? r.params.refill ?? '').split(',').filter(Boolean);
  const perCall = calls.map((r) => idsOf(r).length);
  const seen = new Map();
  for (const r of calls) for (const id of idsOf(r)) seen.set(id, (seen.get(id) ?? 0) + 1);
  return {
    calls: calls.length,
    maxIdsPerCall: perCall.length ? Math.max(...perCall) : 0,
    idsAsked: seen.size,
    idsAskedTwice: [...seen.values()].filter((n) => n > 1).length,
  };
}

async function pass(api, token, standIn, name, expectedOpen, expectedRefills) {
  const from = standIn.requests.length;
  const loadAverageBefore = os.loadavg();
  const started = performance.now();
  const answer = await api.call('POST', '/api/admin/fulfilment/sync', {}, token);
  const wallMs = performance.now() - started;
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`POST /api/admin/fulfilment/sync answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  const report = answer.json ?? {};
  const seen = statusCallsSince(standIn, from);
  const refillsSeen = refillCallsSince(standIn, from);
  const refills = report.refills ?? {};
  return {
    name,
    expectedOpen,
    expectedRefills,
    wallMs,
    report: { orders: report.orders, requests: report.requests, updated: report.updated, finished: report.finished, ms: report.ms },
    refills: { refills: refills.refills, requests: refills.requests, settled: refills.settled, ms: refills.ms, standIn: refillsSeen },
    standIn: seen,
    // os.loadavg: other work on the machine (2 cores, shared) skews the times; the 1/5/15-minute load says how much.
    loadAverageBefore,
    loadAverageAfter: os.loadavg(),
    // Every open order asked once, none twice, no call over the limit.
    ok:
      seen.maxIdsPerCall <= STATUS_BATCH &&
      seen.idsAsked === expectedOpen &&
      seen.idsAskedTwice === 0 &&
      refillsSeen.maxIdsPerCall <= STATUS_BATCH &&
      refillsSeen.idsAsked === expectedRefills &&
      refillsSeen.idsAskedTwice === 0,
  };
}

async function tasksTotal(api, token, Status) {
  const answer = await api.call('POST', '/api/admin/tasks', { page: 1, limit: 10, Status }, token);
  if (answer.status !== 200) throw new Error(`POST /api/admin/tasks {Status: ${Status}} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.json?.paging?.total ?? answer.json?.meta?.total ?? null;
}

// ---------------------------------------------------------------------------------------------
// The part
// ---------------------------------------------------------------------------------------------

/**
 * Runs the fulfilment part with a store, a stand-in and a server of its own. Answers the report's
 * `fulfilment` object. options: { pin, serverCore, log }
 */
export async function benchFulfilment({ pin = false, serverCore = 0, log }) {
  const orders = Number(process.env.BENCH_FULFILMENT_ORDERS ?? 10_000);
  if (!(Number.isInteger(orders) && orders >= COMPLETED_EVERY)) throw new Error(`BENCH_FULFILMENT_ORDERS must be a whole number of at least ${COMPLETED_EVERY}`);
  const refills = Number(process.env.BENCH_FULFILMENT_REFILLS ?? Math.min(1_000, orders));
  if (!(Number.isInteger(refills) && refills >= 0 && refills <= orders))
    throw new Error('BENCH_FULFILMENT_REFILLS must be a whole number from 0 to BENCH_FULFILMENT_ORDERS');
  const { DEV_ADMIN } = require(path.join(system.repoRoot, 'backend', 'dist', 'platform', 'config', 'app-config.js'));
  const startedAt = new Date().toISOString();
  const standIn = await startProviderStandIn();
  const store = await system.createStore({ label: 'bench_fulfil' });
  const database = store.databaseUrl ? 'postgres' : 'pglite';
  const env = {
    SMTP_URL: '',
    FULFILMENT_PROVIDER: 'api-v2',
    SANDBOX_FULFILMENT: 'loopback', // sandbox payments with the stand-in on 127.0.0.1 only
    PROVIDER_URL: standIn.url,
    PROVIDER_KEY: standIn.key,
    FULFILMENT_SYNC_EVERY_MS: NO_PASS_OF_ITS_OWN_MS,
  };
  const start = () => system.startServer({ store, env, cpu: pin ? serverCore : undefined, logFile: path.join(store.dataDir, 'server.log') });
  const serviceId = String(standIn.services[0].service);
  let server;
  let api;
  try {
    let clock = performance.now();
    server = await start();
    log(
      `  ${database === 'postgres' ? `database ${store.databaseName}` : `PGlite in ${store.dataDir}`}; server up (migrations run) in ${((performance.now() - clock) / 1000).toFixed(1)} s; stand-in ${standIn.url}`,
    );

    clock = performance.now();
    if (database === 'postgres') {
      await seedPostgres(store, orders, serviceId, refills);
    } else {
      await server.stop();
      server = undefined;
      await seedPglite(store, orders, serviceId, refills);
      server = await start();
    }
    seedStandIn(standIn, orders, serviceId, refills);
    const seedSeconds = (performance.now() - clock) / 1000;
    log(
      `  seeded ${orders.toLocaleString('en-US')} open upstream orders and ${refills.toLocaleString('en-US')} open refills (every ${COMPLETED_EVERY}th Completed on the stand-in) in ${seedSeconds.toFixed(1)} s` +
        (database === 'pglite' ? ' (server stopped, PGlite seeded by the bench, server started again)' : ''),
    );
    const before = standIn.requests.filter((r) => r.action === 'status').length;
    if (before > 0) throw new Error(`the server asked the stand-in for statuses ${before} times before the bench did (FULFILMENT_SYNC_EVERY_MS not honoured?)`);

    api = jsonClient(server.baseUrl, { maxSockets: 1 });
    const credentials = { email: process.env.ADMIN_EMAIL || DEV_ADMIN.email, password: process.env.ADMIN_PASSWORD || DEV_ADMIN.password };
    const login = await api.call('POST', '/api/admin/login', credentials);
    if (login.status !== 200 || !login.json?.token) throw new Error(`POST /api/admin/login answered ${login.status}: ${login.text.slice(0, 300)}`);
    const token = login.json.token;

    const finishing = Math.floor(orders / COMPLETED_EVERY);
    const refillsSettling = Math.floor(refills / COMPLETED_EVERY);
    const first = await pass(
      api,
      token,
      standIn,
      `first pass: ${orders.toLocaleString('en-US')} open + ${refills.toLocaleString('en-US')} refills, ${finishing.toLocaleString('en-US')} Completed upstream`,
      orders,
      refills,
    );
    log(`  ${first.name}: ${first.wallMs.toFixed(0)} ms`);
    const second = await pass(
      api,
      token,
      standIn,
      `second pass: ${(orders - finishing).toLocaleString('en-US')} open + ${(refills - refillsSettling).toLocaleString('en-US')} refills, no change`,
      orders - finishing,
      refills - refillsSettling,
    );
    log(`  ${second.name}: ${second.wallMs.toFixed(0)} ms`);
    // A real panel is not on this machine: each answer takes a round trip. The pass keeps
    // CALLS_IN_FLIGHT calls under way, so its time is about calls / 4 × the round trip.
    standIn.latencyMs = PANEL_ROUND_TRIP_MS;
    const third = await pass(api, token, standIn, `third pass: as the second, ${PANEL_ROUND_TRIP_MS} ms panel round trip`, orders - finishing, refills - refillsSettling);
    standIn.latencyMs = 0;
    log(`  ${third.name}: ${third.wallMs.toFixed(0)} ms`);

    const completed = await tasksTotal(api, token, 1);
    const inProcess = await tasksTotal(api, token, 0);
    const outcomeOk = completed === finishing && inProcess === orders - finishing;
    return {
      ...runFacts({ startedAt, database, pinned: pin }),
      orders,
      refills,
      refillsCompletedUpstream: refillsSettling,
      completedUpstream: finishing,
      statusBatchLimit: STATUS_BATCH,
      seedSeconds,
      rows: [first, second, third],
      panelRoundTripMs: PANEL_ROUND_TRIP_MS,
      outcome: { completed, inProcess, expectedCompleted: finishing, expectedInProcess: orders - finishing, ok: outcomeOk },
      ok: first.ok && second.ok && outcomeOk,
    };
  } finally {
    api?.close();
    if (server) await server.stop();
    await standIn.close();
    await store.dispose();
  }
}

/** The part's table: one row per pass. */
export function printFulfilmentTable(result, log) {
  const header = [
    pad(`fulfilment sync (${result.database})`, 52, true),
    pad('wall ms', 8),
    pad('pass ms', 8),
    pad('orders', 7),
    pad('calls', 6),
    pad('max ids', 7),
    pad('updated', 8),
    pad('finished', 8),
    pad('refills', 7),
    pad('r. calls', 8),
    pad('r. max ids', 10),
    pad('r. settled', 10),
    pad('r. ms', 6),
    pad('ok', 3),
  ];
  logHeader(log, header);
  for (const row of result.rows) {
    log(
      [
        pad(row.name, 52, true),
        pad(fmt(row.wallMs), 8),
        pad(fmt(row.report.ms), 8),
        pad(fmt(row.report.orders), 7),
        pad(fmt(row.standIn.calls), 6),
        pad(fmt(row.standIn.maxIdsPerCall), 7),
        pad(fmt(row.report.updated), 8),
        pad(fmt(row.report.finished), 8),
        pad(fmt(row.refills?.refills), 7),
        pad(fmt(row.refills?.standIn.calls), 8),
        pad(fmt(row.refills?.standIn.maxIdsPerCall), 10),
        pad(fmt(row.refills?.settled), 10),
        pad(fmt(row.refills?.ms), 6),
        pad(row.ok ? 'yes' : 'NO', 3),
      ].join(' | '),
    );
  }
  log("(wall = the POST from start to last byte; pass = the server's own timing; calls and max ids = status calls the stand-in received and the most ids in one;");
  log(` r. = the refill part of the same pass: open refills asked, refill_status calls, the most ids in one, refills settled, its own ms;`);
  log(` ok = every open order and open refill asked exactly once, at most ${result.statusBatchLimit} ids a call)`);
  const o = result.outcome;
  log(
    `Outcome through /api/admin/tasks: ${fmt(o.completed)} Completed (want ${fmt(o.expectedCompleted)}), ${fmt(o.inProcess)} In Process (want ${fmt(o.expectedInProcess)})${o.ok ? '' : ': MISMATCH'}`,
  );
}

// The admin part of the benchmark (issue 8, "Scale"): the admin lists on real PostgreSQL at 10,000
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
// reading); clients search 'customer4242' and the first clients page. The customers are the same
// 100,000 at both sizes.
//
// The bar (issue 8): every query at 1M within 2x its median at 10k.
//
//   BENCH_ADMIN_RUNS            timed calls per query and size (default 20)
//   BENCH_ADMIN_WARMUPS         untimed calls before them (default 3)
//   BENCH_ADMIN_CUSTOMERS       customers (default 100,000)
//   BENCH_ADMIN_SUBSCRIPTIONS   subscriptions of the large size (default 1,000,000; the small size is 10,000)
//   BENCH_ADMIN_KEEP=1          keep the database afterwards (its name is printed)
//   BENCH_ADMIN_MAX_LOAD        before each timed size, wait until the 1-minute load average is below
//                               this (a shared machine; up to BENCH_ADMIN_MAX_WAIT seconds, default 1800)
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { jsonClient, percentile } from './json-client.mjs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const system = require('../support/system.js');

const SMALL = 10_000;
const BAR = 2;
const GROW_CHUNK = 110_000;

/** The JSON client of this part: one socket (the requests are timed one after another), POST only. */
function client(baseUrl) {
  const api = jsonClient(baseUrl, { maxSockets: 1 });
  return { call: (urlPath, body, token) => api.call('POST', urlPath, body ?? {}, token), close: api.close };
}

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

/** The columns each seeding INSERT fills; a NOT NULL column without a default missing here stops the bench. */
const USER_COLUMNS = ['user_id', 'email', 'name', 'phone', 'country_id', 'calling_id', 'created_at', 'updated_at', 'email_verified_at', 'token_version'];
const SUBSCRIPTION_COLUMNS = ['subscription_id', 'user_id', 'plan_id', 'plan_name', 'profile_link', 'order_id', 'payment_id', 'status', 'pricing', 'customer_email', 'customer_name', 'created_at', 'updated_at'];

async function checkSeedColumns(db) {
  const { rows } = await db.query(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name IN ('users', 'subscriptions') AND is_nullable = 'NO' AND column_default IS NULL`,
  );
  const missing = rows.filter((r) => !(r.table_name === 'users' ? USER_COLUMNS : SUBSCRIPTION_COLUMNS).includes(r.column_name));
  if (missing.length) {
    throw new Error(`the admin bench does not fill these NOT NULL columns (a migration added them): ${missing.map((r) => `${r.table_name}.${r.column_name}`).join(', ')}`);
  }
}

/** Deterministic user ids, so a subscription names its customer by number without a join. */
const userIdOf = (n) => `md5('bench-customer-' || ${n})::uuid`;
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
 */
async function seedSubscriptions(db, from, to, total, customers) {
  const result = await db.query(`
    WITH tiers AS MATERIALIZED (
      SELECT (row_number() OVER (ORDER BY p.name, t.position, t.pricing_id) - 1)::int AS i, p.plan_id, p.name,
             jsonb_build_object('pricingId', t.pricing_id, 'name', t.name, 'price', t.price::text, 'description', t.description,
                                'features', t.features, 'isPopular', t.is_popular, 'currency', p.currency) AS pricing
      FROM plans p JOIN pricing_tiers t ON t.plan_id = p.plan_id
    ), n AS MATERIALIZED (SELECT count(*)::int AS tiers FROM tiers),
    picks AS MATERIALIZED (
      SELECT g, 1 + floor(random() * ${customers})::int AS k, floor(random() * n.tiers)::int AS tier,
             CASE WHEN random() < 0.3 THEN 1 ELSE 0 END AS status,
             now() - interval '730 days' + (g - 1 + random()) * (interval '730 days' / ${total}) AS t
      FROM generate_series(${from}, ${to}) g CROSS JOIN n
    )
    INSERT INTO subscriptions (${SUBSCRIPTION_COLUMNS.join(', ')})
    SELECT gen_random_uuid(), ${userIdOf('p.k')}, tiers.plan_id, tiers.name, 'https://example.com/@customer' || p.k,
           'order_' || ${random14("'o' || p.g")}, 'pay_' || ${random14("'p' || p.g")}, p.status, tiers.pricing,
           'customer' || p.k || '@example.com', 'Customer ' || p.k, p.t, p.t
    FROM picks p JOIN tiers ON tiers.i = p.tier
    ON CONFLICT (order_id) DO NOTHING`);
  return result.rowCount;
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
  const ok = Object.values(byStatus).every((s) => s.counted === s.kept) && users === usersKept;
  return { ok, byStatus, users: { counted: users, kept: usersKept } };
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
    { key: 'clientsSearch', name: "clients: search 'customer4242'", path: '/api/user/getAll', body: { page: 1, limit: 10, search: 'customer4242' } },
    { key: 'clientsPage1', name: 'clients: page 1, no search', path: '/api/user/getAll', body: { page: 1, limit: 10 } },
  ];
}

/** What the answer held: rows on the page and the total it reported. */
function describeAnswer(json) {
  const rows = Array.isArray(json?.data) ? json.data.length : null;
  const total = json?.paging?.total ?? json?.meta?.total ?? null;
  return { rows, total };
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
  for (const query of list) {
    results[query.key] = await timeQuery(api, token, query, options);
    const r = results[query.key];
    log(`    ${query.name}: median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.rows} rows, total ${r.total})`);
  }
  return { loadAverageBefore: loadBefore.map((x) => Number(x.toFixed(2))), loadAverageAfter: os.loadavg().map((x) => Number(x.toFixed(2))), results };
}

// ---------------------------------------------------------------------------------------------
// The SQL behind each query: recorded on the wire, then explained
// ---------------------------------------------------------------------------------------------

/**
 * A TCP proxy in front of PostgreSQL that records the statements its clients run (frontend protocol
 * v3: simple Query, and Parse/Bind/Execute with the bound text parameters), each tagged with the
 * label set when it ran. A second server instance connects through it for one call of each query,
 * so the plans below are those of exactly the statements the repositories send today.
 */
async function recordingProxy(databaseUrl) {
  const upstream = new URL(databaseUrl);
  const records = [];
  let label = null;
  const sockets = new Set();
  const server = net.createServer((client) => {
    const pg = net.connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client);
    sockets.add(pg);
    pg.on('data', (chunk) => client.write(chunk));
    pg.on('close', () => client.destroy());
    client.on('close', () => pg.destroy());
    pg.on('error', () => client.destroy());
    client.on('error', () => pg.destroy());
    const statements = new Map();
    let bound = { sql: null, params: [] };
    let buffer = Buffer.alloc(0);
    let started = false;
    const cstring = (buf, at) => {
      const end = buf.indexOf(0, at);
      return [buf.toString('utf8', at, end), end + 1];
    };
    client.on('data', (chunk) => {
      pg.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          // SSL and GSS encryption requests come before the startup message; pg asks for neither by default.
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (buffer.length < 5) return;
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        const type = String.fromCharCode(buffer[0]);
        const body = buffer.subarray(5, 1 + length);
        buffer = buffer.subarray(1 + length);
        if (type === 'Q') {
          records.push({ label, sql: cstring(body, 0)[0], params: [] });
        } else if (type === 'P') {
          const [name, at] = cstring(body, 0);
          statements.set(name, cstring(body, at)[0]);
        } else if (type === 'B') {
          let [, at] = cstring(body, 0);
          let stmt;
          [stmt, at] = cstring(body, at);
          const formats = body.readInt16BE(at);
          at += 2 + 2 * formats;
          const count = body.readInt16BE(at);
          at += 2;
          const params = [];
          for (let i = 0; i < count; i++) {
            const size = body.readInt32BE(at);
            at += 4;
            if (size < 0) params.push(null);
            else {
              params.push(body.toString('utf8', at, at + size));
              at += size;
            }
          }
          bound = { sql: statements.get(stmt) ?? null, params };
        } else if (type === 'E') {
          if (bound.sql !== null) records.push({ label, sql: bound.sql, params: bound.params });
        }
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(server.address().port);
  return {
    url: url.toString(),
    records,
    setLabel: (value) => {
      label = value;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve(undefined));
      }),
  };
}

/** Statements of the request worth a plan: reads of the admin lists' tables, not transaction control or background jobs. */
const isListRead = (sql) => /^\s*(SELECT|WITH)\b/i.test(sql) && !/mail_outbox/i.test(sql);

/**
 * One call of each query through a second server connected over the recording proxy; answers,
 * per query, the statements it ran in order, each with its EXPLAIN (ANALYZE, BUFFERS).
 * A statement that is itself an EXPLAIN (boundedCount's estimate) is shown as plain EXPLAIN.
 */
async function explainAll({ store, db, list, credentials, log }) {
  const proxy = await recordingProxy(store.databaseUrl);
  let server;
  let api;
  try {
    server = await system.startServer({ store, env: { DATABASE_URL: proxy.url }, logFile: path.join(store.dataDir, 'server-explain.log'), quiet: true });
    api = client(server.baseUrl);
    const login = await api.call('/api/admin/login', credentials);
    if (login.status !== 200) throw new Error(`POST /api/admin/login (recording server) answered ${login.status}: ${login.text.slice(0, 300)}`);
    const token = login.json.token;
    for (const query of list) {
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
    const parts = [`=== ${query.name}\n    POST ${query.path} ${JSON.stringify(query.body)}\n    statements of the request, in order: ${ran.length}`];
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
      AND (c.relname LIKE 'subscriptions%' OR c.relname LIKE 'users%')
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
  const pad = (s, n, right = false) => (right ? String(s).padEnd(n) : String(s).padStart(n));
  const [a, b] = admin.sizes.map(short);
  const header = [pad('query', 46, true), pad(`${a} med`, 8), pad(`${a} p95`, 8), pad(`${b} med`, 8), pad(`${b} p95`, 8), pad('ratio', 6), pad('bar 2x', 6), pad(`rows/total ${a}`, 15), pad(`rows/total ${b}`, 15)];
  log(header.join(' | '));
  log(header.map((h) => '-'.repeat(h.length)).join('-|-'));
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
  log(`(milliseconds per request, start to last byte, ${admin.runs} runs after ${admin.warmups} warm-ups; ratio = ${b} median / ${a} median; ` +
    `load average ${admin.small.loadAverageBefore.join(' ')} before the ${a} runs, ${admin.large.loadAverageBefore.join(' ')} before the ${b} runs)`);
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
    await db.query('SET maintenance_work_mem = \'256MB\'');
    await checkSeedColumns(db);
    const [{ version }] = (await db.query('SELECT version()')).rows;
    const plans = (await db.query('SELECT name FROM plans ORDER BY name')).rows.map((r) => r.name);
    log(`  ${version.split(',')[0]}; plans: ${plans.join(', ')}`);

    clock = performance.now();
    await seedCustomers(db, customers);
    const customerSeconds = (performance.now() - clock) / 1000;
    clock = performance.now();
    await growTo(db, SMALL, large, customers, () => undefined);
    await db.query('VACUUM ANALYZE users');
    await db.query('VACUUM ANALYZE subscriptions');
    const smallCounters = await checkCounters(db);
    log(`  seeded ${customers.toLocaleString('en-US')} customers (${customerSeconds.toFixed(1)} s) and ${SMALL.toLocaleString('en-US')} subscriptions (${((performance.now() - clock) / 1000).toFixed(1)} s, VACUUM ANALYZE included); ` +
      `counters ${smallCounters.ok ? 'match count(*)' : `DO NOT match count(*): ${JSON.stringify(smallCounters)}`}`);

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

    log(`  growing to ${large.toLocaleString('en-US')} subscriptions (INSERT … SELECT generate_series, ${GROW_CHUNK.toLocaleString('en-US')} a statement):`);
    const growSeconds = await growTo(db, large, large, customers, log);
    clock = performance.now();
    await db.query('VACUUM ANALYZE subscriptions');
    const vacuumSeconds = (performance.now() - clock) / 1000;
    const largeCounters = await checkCounters(db);
    log(`  grown in ${growSeconds.toFixed(1)} s, VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s; counters ${largeCounters.ok ? 'match count(*)' : `DO NOT match count(*): ${JSON.stringify(largeCounters)}`}`);

    log(`  at ${large.toLocaleString('en-US')} subscriptions:`);
    const big = await measureAll(api, token, list, { runs, warmups }, log);

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
      `load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}; sizes of the tables and indexes:`,
      await sizes(db),
    ].join('\n');
    if (explainFile) {
      fs.mkdirSync(path.dirname(explainFile), { recursive: true });
      fs.writeFileSync(explainFile, `${header}\n\n${sections.join('\n\n\n')}\n`);
    }

    return {
      startedAt,
      finishedAt: new Date().toISOString(),
      database: 'postgres',
      postgres: version,
      pinned: pin,
      cpus: os.cpus().length,
      node: process.version,
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

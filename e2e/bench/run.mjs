// Benchmark harness: the real built server against two bare node:http servers and Fastify 5 sending
// the same bytes (every public read, and the public pages once they are rendered on the server), then POST /api/payment/verify under 50 parallel calls (billing.mjs), then the JavaScript a first
// visit to / really transfers, then 50 parallel staff refunds (refunds.mjs), then the status sync of
// 10,000 open upstream orders against the API v2 stand-in (fulfilment.mjs), then, with DATABASE_URL,
// the admin lists at 10,000 and 1,000,000 subscriptions (admin.mjs). Run after the build: `npm run bench`.
//
//   BENCH_DURATION     seconds measured per endpoint and server (default 10; 3 s warm-up before)
//   BENCH_CONNECTIONS  autocannon connections (default 50)
//   BENCH_WARMUP       warm-up seconds (default 3)
//   BENCH_LOAD_ROUNDS  load rounds per endpoint, ours, bare, bare+h and Fastify alternating; medians reported (default 3)
//   BENCH_PAGES        the public pages as HTML: measured when rendered on the server (default), =1 always, =0 never
//   BENCH_STRICT=1     exit 1 when the first-load JavaScript is over budget or a run had non-2xx
//   DATABASE_URL       benchmark against a fresh database on that PostgreSQL server instead of PGlite
//   CHROME_PATH        Chromium for the page-weight and Lighthouse parts (default /usr/bin/chromium)
//   BENCH_LIGHTHOUSE=0 skip the Lighthouse runs (performance and accessibility of every page, lighthouse.mjs)
//   BENCH_LIGHTHOUSE_RUNS runs per page, the better kept (default 2)
//   BENCH_LIGHTHOUSE_PATHS only these pages, comma-separated (e.g. /contact,/faq)
//   BENCH_ONLY=load    only the load runs: each endpoint against our server, the bare node:http
//                      servers and Fastify, side by side (ours/this), no billing or browser part
//   BENCH_ONLY=browser only the browser parts (first-load JavaScript and Lighthouse), no load runs
//   BENCH_ONLY=billing only the billing part: payment verification latency (p50/p99/max, req/s) of
//                      50 parallel calls for one order (the idempotent race) and for 50 different
//                      orders (first-time verifications); setup through the API, see billing.mjs
//   BENCH_BILLING_ORDERS  orders of 50 parallel verifications each, same-order case (default 20)
//   BENCH_BILLING_ROUNDS  rounds of 50 parallel first-time verifications (default 10)
//   BENCH_ONLY=barepg  only the payments-against-bare-pg part (needs DATABASE_URL): one first-time
//                      verification recorded on the wire becomes a bare `pg` script of the same
//                      statements (ids swapped per order); rounds of 50 parallel verifications through
//                      the server and 50 parallel replays of the script (pool of 20), alternating:
//                      verifications per second of each and their ratio (goal 0.8). Knob:
//                      BENCH_BAREPG_ROUNDS (default 5). BENCH_BAREPG=0 leaves it out of a full run
//   BENCH_ONLY=scale   only the scale-out part (needs DATABASE_URL and REDIS_URL; skipped with a line
//                      saying so without them): one worker and two web processes (PROCESS_ROLE) on a
//                      fresh database, paid verifications per second (50 parallel first-time
//                      verifications a round) sent to one web process, then split over two, side by
//                      side; processes not pinned. A full run has it after the billing and browser
//                      parts, once the first server is gone. Knob: BENCH_SCALE_ROUNDS (default 5)
//   BENCH_SCALE=0      leave the scale-out part out of a full run
//   BENCH_ONLY=refunds only the refunds part (PGlite, or PostgreSQL with DATABASE_URL), in a store and
//                      server of its own: POST /api/admin/refunds latency (p50/p99/max) of 50 parallel
//                      refunds of 50 paid orders and of one order (1 × 200, 49 × 409), how long until all
//                      50 are processed, the gateway refunds (rows of sandbox_refunds) and, on
//                      PostgreSQL, the SQL statements of one refund; see refunds.mjs. A full run has it
//                      after the billing and browser parts, once the first server is gone
//   BENCH_REFUNDS=0    leave the refunds part out of a full run
//   BENCH_ONLY=fulfilment  only the fulfilment part (docs/fulfilment.md; PGlite, or PostgreSQL with DATABASE_URL):
//                      in a store of its own, the API v2 stand-in in this process and the server with
//                      FULFILMENT_PROVIDER=api-v2 (no sync pass of its own), 10,000 open upstream orders
//                      seeded with SQL (every 10th Completed on the stand-in), then POST
//                      /api/admin/fulfilment/sync twice with an admin token: wall time, the pass's report,
//                      the stand-in's status calls and the most ids in one (bar: at most 100, every open
//                      order asked once). A full run has it after the browser parts. Knob:
//                      BENCH_FULFILMENT_ORDERS (default 10,000)
//   BENCH_FULFILMENT=0 leave the fulfilment part out of a full run
//   BENCH_ONLY=admin   only the admin part (needs DATABASE_URL; without it the part is skipped with a
//                      line saying so): in a fresh database of its own, 100,000 customers and 10,000
//                      subscriptions seeded with SQL, then grown to 1,000,000; POST /api/admin/tasks
//                      (default sort, Status=1, q by e-mail, order id and plan name, sortBy planName,
//                      pages 1,000 and 5,000, Next to page 5,000 by cursor) and POST /api/user/getAll (search, page 1) timed at both
//                      sizes through HTTP with an admin token (median and p95 of 20 calls after 3
//                      warm-ups), against the bar "1M within 2x of 10k"; EXPLAIN (ANALYZE, BUFFERS) at
//                      1M of the statements each request ran (recorded on the wire) in
//                      e2e/artifacts/admin-explain.txt. A full run (no BENCH_ONLY) ends with it when
//                      DATABASE_URL is set. Knobs: see admin.mjs (BENCH_ADMIN_*)
//   BENCH_ADMIN=0      leave the admin part out of a full run
//
// Cores: with taskset, both servers run on core 0 (one at a time under load) and autocannon, in its
// own process, on core 1, as does this process (the billing, refunds, fulfilment and admin parts' client, and the
// stand-in). Results also go to e2e/artifacts/bench.json (BENCH_ONLY=browser: bench-browser.json;
// BENCH_ONLY=billing, =refunds, =fulfilment or =admin replaces only the `billing`, `refunds`, `fulfilment` or
// `admin` entry of bench.json, which then records its own time and database).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { benchAdmin, printAdminTable } from './admin.mjs';
import { benchBilling, benchScaleOut, benchVerifyVersusBarePg } from './billing.mjs';
import { benchFulfilment, printFulfilmentTable } from './fulfilment.mjs';
import { LIGHTHOUSE_GOAL, lighthouseSessions, measureLighthouse } from './lighthouse.mjs';
import { bareResponse, fmt, logHeader, pad } from './lib.mjs';
import { benchRefunds, printRefundsTable } from './refunds.mjs';

const require = createRequire(import.meta.url);
const system = require('../support/system.js');
const here = path.dirname(fileURLToPath(import.meta.url));

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const loadRounds = Math.max(1, Number(process.env.BENCH_LOAD_ROUNDS ?? 3));
const strict = process.env.BENCH_STRICT === '1';
const only = process.env.BENCH_ONLY || undefined;
const PARTS = ['load', 'browser', 'billing', 'barepg', 'scale', 'refunds', 'fulfilment', 'admin'];
if (only && !PARTS.includes(only)) throw new Error(`BENCH_ONLY=${only}: the choices are ${PARTS.map((p) => `'${p}'`).join(', ')}`);
const browserOnly = only === 'browser';
const loadOnly = only === 'load';
const billingOnly = only === 'billing';
const adminOnly = only === 'admin';
const adminWanted = adminOnly || (!only && process.env.BENCH_ADMIN !== '0');
const fulfilmentOnly = only === 'fulfilment';
const fulfilmentWanted = !only && process.env.BENCH_FULFILMENT !== '0';
const barePgOnly = only === 'barepg';
const barePgWanted = !only && process.env.BENCH_BAREPG !== '0';
const scaleOnly = only === 'scale';
const scaleWanted = !only && process.env.BENCH_SCALE !== '0';
const scaleRounds = Number(process.env.BENCH_SCALE_ROUNDS ?? 5);
const refundsOnly = only === 'refunds';
const refundsWanted = !only && process.env.BENCH_REFUNDS !== '0';
const billingOrders = Number(process.env.BENCH_BILLING_ORDERS ?? 20);
const billingRounds = Number(process.env.BENCH_BILLING_ROUNDS ?? 10);
const BUDGET_KB = 150;
const GOAL_KB = 100;
const KB = 1024;

// Every public read the storefront makes (docs/product.md#api), each against the bare node:http
// servers and Fastify 5 sending the same bytes.
const endpoints = [
  { name: 'GET services/getAll (limit 100)', method: 'GET', path: '/api/services/getAll?page=1&limit=100' },
  // The pricing page's own request (Pricing.tsx, preloaded by index.html).
  { name: 'GET plans/youtube', method: 'GET', path: '/api/plans/youtube' },
  {
    name: 'POST plan/getByName youtube',
    method: 'POST',
    path: '/api/plan/getByName',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'youtube' }),
  },
  // The sign-up and profile forms' calling codes.
  { name: 'GET country/getall', method: 'GET', path: '/api/country/getall' },
  // The FAQ page's request (preloaded by index.html) and a policy page's.
  { name: 'GET documents/faqs', method: 'GET', path: '/api/documents/faqs' },
  { name: 'GET documents/privacy-policy', method: 'GET', path: '/api/documents/privacy-policy' },
];

/**
 * The public pages, measured like the reads once they arrive as HTML rendered on the server. A page
 * is included when its answer is text/html whose root element has content (the client-rendered shell
 * sends an empty `<div id="root"></div>`); BENCH_PAGES=1 includes them whatever they hold,
 * BENCH_PAGES=0 leaves them out.
 */
const pageEndpoints = ['/', '/services', '/services/youtube', '/faq', '/about', '/privacy'].map((path) => ({
  name: `GET ${path} (HTML)`,
  method: 'GET',
  path,
  headers: { accept: 'text/html' },
  page: true,
}));
const pagesWanted = process.env.BENCH_PAGES;
const serverRendered = (answer) => /^text\/html/.test(answer.contentType ?? '') && !/<div id="root">\s*<\/div>/.test(answer.body.toString());

const pin = system.hasTaskset();
const SERVER_CORE = 0;
const LOAD_CORE = 1;

function log(line = '') {
  process.stdout.write(`${line}\n`);
}

/** One request with node:http, no Accept-Encoding: the exact bytes autocannon will receive. */
function fetchRaw(baseUrl, endpoint) {
  return new Promise((resolve, reject) => {
    const url = new URL(endpoint.path, baseUrl);
    const req = http.request(url, { method: endpoint.method, headers: endpoint.headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, contentType: res.headers['content-type'], body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(endpoint.body);
  });
}

function command(core, args) {
  return pin ? ['taskset', ['-c', String(core), ...args]] : [args[0], args.slice(1)];
}

/** The bare server; `mode` 'headers' replays our headers too (bare-server.mjs). */
const startBare = (responses, mode = '') => startYardstick('bare-server.mjs', responses, mode || 'body', mode ? [mode] : []);
/** Fastify 5 with the same bytes and headers (fastify-server.mjs). */
const startFastify = (responses) => startYardstick('fastify-server.mjs', responses, 'fastify', []);

async function startYardstick(script, responses, label, extra) {
  const file = path.join(os.tmpdir(), `growth-bench-responses-${process.pid}-${label}.json`);
  fs.writeFileSync(file, JSON.stringify(responses));
  const port = await system.freePort();
  const [cmd, args] = command(SERVER_CORE, [process.execPath, path.join(here, script), file, String(port), ...extra]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with code ${code}`)));
    child.stdout.on('data', (chunk) => chunk.toString().includes('listening') && resolve(undefined));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => {
          fs.rmSync(file, { force: true });
          resolve(undefined);
        });
        child.kill('SIGTERM');
      }),
  };
}

function load(baseUrl, endpoint) {
  const config = {
    url: new URL(endpoint.path, baseUrl).toString(),
    method: endpoint.method,
    headers: endpoint.headers,
    body: endpoint.body,
    connections,
    duration,
    warmup,
  };
  const [cmd, args] = command(LOAD_CORE, [process.execPath, path.join(here, 'load.mjs'), JSON.stringify(config)]);
  const result = spawnSync(cmd, args, { encoding: 'utf8', timeout: (duration + warmup + 60) * 1000 });
  if (result.status !== 0) throw new Error(`autocannon run failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

function printTable(rows) {
  const header = [
    pad('endpoint', 34, true),
    pad('server', 7, true),
    pad('req/s', 10),
    pad('p50 ms', 8),
    pad('p99 ms', 8),
    pad('non-2xx', 8),
    pad('errors', 7),
    pad('ours/this', 10),
  ];
  logHeader(log, header);
  for (const row of rows) {
    log(
      [
        pad(row.endpoint, 34, true),
        pad(row.server, 7, true),
        pad(fmt(row.requestsPerSecond), 10),
        pad(fmt(row.latencyP50), 8),
        pad(fmt(row.latencyP99), 8),
        pad(fmt(row.non2xx), 8),
        pad(fmt(row.errors + row.timeouts), 7),
        pad(row.ratio === undefined ? '' : fmt(row.ratio, 3), 10),
      ].join(' | '),
    );
  }
}

function printBillingTable(billing) {
  const header = [
    pad(`billing: ${billing.endpoint}`, 42, true),
    pad('calls', 6),
    pad('req/s', 8),
    pad('p50 ms', 8),
    pad('p99 ms', 8),
    pad('max ms', 8),
    pad('non-200', 8),
    pad('problems', 8),
  ];
  logHeader(log, header);
  for (const row of [billing.sameOrder, billing.differentOrders]) {
    log(
      [
        pad(row.name, 42, true),
        pad(fmt(row.count), 6),
        pad(fmt(row.requestsPerSecond), 8),
        pad(fmt(row.p50, 1), 8),
        pad(fmt(row.p99, 1), 8),
        pad(fmt(row.max, 1), 8),
        pad(fmt(row.non200), 8),
        pad(fmt(row.problemCount), 8),
      ].join(' | '),
    );
  }
  log(
    `(latency per call, start to last byte; req/s = calls / summed wall time of the bursts; mail wait after a burst: ` +
      `p50 ${fmt(billing.sameOrder.mailWaitP50Ms)} / ${fmt(billing.differentOrders.mailWaitP50Ms)} ms)`,
  );
  for (const row of [billing.sameOrder, billing.differentOrders]) {
    for (const problem of row.problems) log(`  problem: ${problem}`);
  }
}

/**
 * Opens / in a fresh context and adds up the encoded (as transferred) bytes of every JS response.
 * `acceptEncoding` replaces the browser's own header (Chromium sends `gzip, deflate, br, zstd`, over
 * http:// too); unset, the browser's is sent, so the bytes are what a visitor's browser downloads.
 */
async function measurePageWeight(baseUrl, acceptEncoding) {
  const browser = await system.launchBrowser();
  try {
    const context = await browser.newContext({
      ...(acceptEncoding ? { extraHTTPHeaders: { 'Accept-Encoding': acceptEncoding } } : {}),
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const responses = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(new URL('/', baseUrl).toString());
    await page.getByTestId('services-grid').getByTestId('service-card').nth(3).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const files = [];
    for (const response of responses) {
      const url = new URL(response.url());
      const type = response.headers()['content-type'] ?? '';
      if (!/javascript/.test(type) && !/\.m?js$/.test(url.pathname)) continue;
      const sizes = await response.request().sizes();
      let decoded = null;
      try {
        decoded = (await response.body()).length;
      } catch {
        /* body unavailable (e.g. redirect) */
      }
      files.push({
        path: url.pathname,
        status: response.status(),
        encoding: response.headers()['content-encoding'] ?? 'identity',
        encodedBytes: sizes.responseBodySize,
        decodedBytes: decoded,
      });
    }
    await context.close();
    const totalEncoded = files.reduce((sum, f) => sum + f.encodedBytes, 0);
    const totalDecoded = files.reduce((sum, f) => sum + (f.decodedBytes ?? 0), 0);
    return { files, totalEncoded, totalDecoded };
  } finally {
    await browser.close();
  }
}

/**
 * The admin part (admin.mjs), with a database and a server of its own. Answers the report's `admin`
 * entry; `skipped` without DATABASE_URL; `failed` with the error when the part could not finish.
 */
async function runAdminPart() {
  log();
  if (!process.env.DATABASE_URL) {
    log('Admin lists NOT measured: the admin part needs PostgreSQL (set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)');
    return { skipped: 'no DATABASE_URL' };
  }
  log('Admin lists: POST /api/admin/tasks and POST /api/user/getAll at 10,000 and at 1,000,000 subscriptions (fresh database, seeded with SQL):');
  const startedAt = new Date().toISOString();
  let admin;
  try {
    admin = await benchAdmin({ pin, serverCore: SERVER_CORE, log, explainFile: path.join(system.artifactsDir, 'admin-explain.txt') });
  } catch (error) {
    log(`Admin part failed: ${error?.stack ?? error}`);
    return { startedAt, failed: true, error: String(error?.message ?? error) };
  }
  log();
  printAdminTable(admin, log);
  const [small, large] = admin.sizes.map((n) => n.toLocaleString('en-US'));
  const over = admin.rows.filter((r) => !r.ok);
  log(over.length ? `Over the 2x bar: ${over.map((r) => r.name).join('; ')}` : `Every admin query at ${large} within 2x of its median at ${small}.`);
  if (!admin.countersOk) log('The trigger-kept counters did NOT match count(*) after the bulk inserts (see bench.json admin.seed).');
  log(`Plans at ${large}: ${admin.explainFile}`);
  return admin;
}

/**
 * The fulfilment part (fulfilment.mjs), with a store, a stand-in and a server of its own. Answers the
 * report's `fulfilment` entry; `failed` with the error when the part could not finish.
 */
async function runFulfilmentPart() {
  log();
  log('Fulfilment: POST /api/admin/fulfilment/sync over 10,000 open upstream orders against the API v2 stand-in (seeded with SQL):');
  const startedAt = new Date().toISOString();
  let fulfilment;
  try {
    fulfilment = await benchFulfilment({ pin, serverCore: SERVER_CORE, log });
  } catch (error) {
    log(`Fulfilment part failed: ${error?.stack ?? error}`);
    return { startedAt, failed: true, error: String(error?.message ?? error) };
  }
  log();
  printFulfilmentTable(fulfilment, log);
  return fulfilment;
}

/** The payments-against-bare-pg part (billing.mjs benchVerifyVersusBarePg): its own store and server. */
async function runBarePgPart() {
  log();
  log('Payments against bare pg: first-time POST /api/payment/verify and a bare pg script of the same SQL, 50 in parallel:');
  const startedAt = new Date().toISOString();
  let result;
  try {
    result = await benchVerifyVersusBarePg({
      system,
      log,
      rounds: Number(process.env.BENCH_BAREPG_ROUNDS ?? 5),
      keySecret: process.env.RAZORPAY_KEY_SECRET || 'sandbox-key-secret',
    });
  } catch (error) {
    log(`Bare-pg part failed: ${error?.stack ?? error}`);
    return { startedAt, failed: true, error: String(error?.message ?? error) };
  }
  if (result.skipped) {
    log(`Payments against bare pg NOT measured: ${result.skipped}`);
    return { startedAt, ...result };
  }
  log();
  const header = [pad('verifications, 50 parallel', 34, true), pad('count', 6), pad('per s', 8), pad('p50 ms', 8), pad('p99 ms', 8)];
  logHeader(log, header);
  for (const row of result.rows)
    log([pad(row.name, 34, true), pad(fmt(row.count), 6), pad(fmt(row.perSecond), 8), pad(fmt(row.p50, 1), 8), pad(fmt(row.p99, 1), 8)].join(' | '));
  log(
    `(server / bare pg: ${fmt(result.ratio, 3)}; goal 0.8. The script, ${result.script.length} statements: ${result.script.map((sql) => sql.slice(0, 40)).join(' | ')})`,
  );
  if (result.rows[0].non200 > 0 || result.rows[1].errors > 0)
    log(`  problems: ${result.rows[0].non200} non-200 answers, ${result.rows[1].errors} failed replays ${JSON.stringify(result.rows[1].firstErrors)}`);
  return { startedAt, loadAverage: os.loadavg(), ...result };
}

/** The scale-out part (billing.mjs benchScaleOut): its own store, worker and two web processes. */
async function runScalePart() {
  log();
  log('Scale out: POST /api/payment/verify with one and with two web processes (PROCESS_ROLE=web) and one worker:');
  const startedAt = new Date().toISOString();
  let scale;
  try {
    scale = await benchScaleOut({ system, log, rounds: scaleRounds, keySecret: process.env.RAZORPAY_KEY_SECRET || 'sandbox-key-secret' });
  } catch (error) {
    log(`Scale-out part failed: ${error?.stack ?? error}`);
    return { startedAt, failed: true, error: String(error?.message ?? error) };
  }
  if (scale.skipped) {
    log(`Scale out NOT measured: ${scale.skipped}`);
    return { startedAt, ...scale };
  }
  log();
  const header = [pad('scale: verifications', 32, true), pad('calls', 6), pad('req/s', 8), pad('p50 ms', 8), pad('p99 ms', 8), pad('non-200', 8), pad('problems', 8)];
  logHeader(log, header);
  for (const row of scale.rows) {
    log(
      [
        pad(row.name, 32, true),
        pad(fmt(row.count), 6),
        pad(fmt(row.requestsPerSecond), 8),
        pad(fmt(row.p50, 1), 8),
        pad(fmt(row.p99, 1), 8),
        pad(fmt(row.non200), 8),
        pad(fmt(row.problemCount), 8),
      ].join(' | '),
    );
    for (const problem of row.problems) log(`  problem: ${problem}`);
  }
  log(`(two web processes / one: ${fmt(scale.twoOverOne, 2)}x on ${scale.cpus} cores shared by PostgreSQL, Redis, the worker and this client)`);
  return { startedAt, loadAverage: os.loadavg(), ...scale };
}

/**
 * The refunds part (refunds.mjs), with a store and a server of its own. Answers the report's `refunds`
 * entry; `failed` with the error when the part could not finish.
 */
async function runRefundsPart() {
  log();
  log('Refunds: POST /api/admin/refunds, 50 parallel staff refunds (setup through the API):');
  const startedAt = new Date().toISOString();
  let refunds;
  try {
    refunds = await benchRefunds({ pin, serverCore: SERVER_CORE, log });
  } catch (error) {
    log(`Refunds part failed: ${error?.stack ?? error}`);
    return { startedAt, failed: true, error: String(error?.message ?? error) };
  }
  log();
  printRefundsTable(refunds, log);
  return refunds;
}

/** An admin entry that should fail BENCH_STRICT: not finished, counters off, or a query over the bar. */
const adminFailed = (admin) => Boolean(admin && !admin.skipped && (admin.failed || !admin.countersOk || !admin.allWithinBar));

/** Replaces one entry of bench.json, keeping the rest of the last full run's report. */
function writeEntry(key, value) {
  const out = path.join(system.artifactsDir, 'bench.json');
  let previous = {};
  try {
    previous = JSON.parse(fs.readFileSync(out, 'utf8'));
  } catch {
    /* no earlier report */
  }
  fs.mkdirSync(system.artifactsDir, { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ ...previous, [key]: value }, null, 2)}\n`);
  log(`\nResults written to ${path.relative(system.repoRoot, out)} (${key})`);
}

async function main() {
  system.assertBuilt();
  if (pin) spawnSync('taskset', ['-p', '-c', String(LOAD_CORE), String(process.pid)], { stdio: 'ignore' });
  const startedAt = new Date().toISOString();
  if (adminOnly) {
    log(
      'Benchmark (BENCH_ONLY=admin): the admin lists; ' +
        (pin ? `server on core ${SERVER_CORE}, client on core ${LOAD_CORE} (taskset; PostgreSQL not pinned)` : 'no taskset: processes not pinned'),
    );
    const admin = await runAdminPart();
    if (!admin.skipped) writeEntry('admin', admin);
    if (admin.failed) process.exitCode = 1;
    else if (strict && adminFailed(admin)) {
      log('BENCH_STRICT: failing (a query over the 2x bar or the counters off).');
      process.exitCode = 1;
    }
    return;
  }
  if (fulfilmentOnly) {
    log(
      'Benchmark (BENCH_ONLY=fulfilment): the status sync against the API v2 stand-in; ' +
        (pin ? `server on core ${SERVER_CORE}, client and stand-in on core ${LOAD_CORE} (taskset)` : 'no taskset: processes not pinned'),
    );
    const fulfilment = await runFulfilmentPart();
    writeEntry('fulfilment', fulfilment);
    if (fulfilment.failed) process.exitCode = 1;
    else if (strict && !fulfilment.ok) {
      log('BENCH_STRICT: failing (a status call over 100 ids, an order asked twice or not at all, or the outcome off).');
      process.exitCode = 1;
    }
    return;
  }
  if (barePgOnly) {
    log('Benchmark (BENCH_ONLY=barepg): first-time payment verifications against a bare pg script of the same statements; processes not pinned');
    const barePg = await runBarePgPart();
    if (!barePg.skipped) writeEntry('barePg', barePg);
    if (barePg.failed || (barePg.rows && (barePg.rows[0].non200 > 0 || barePg.rows[1].errors > 0))) process.exitCode = 1;
    return;
  }
  if (scaleOnly) {
    log('Benchmark (BENCH_ONLY=scale): paid verifications per second with one and two web processes; processes not pinned');
    const scale = await runScalePart();
    if (!scale.skipped) writeEntry('scale', scale);
    if (scale.failed || (scale.rows ?? []).some((row) => row.non200 > 0 || row.problemCount > 0)) process.exitCode = 1;
    return;
  }
  if (refundsOnly) {
    log(
      'Benchmark (BENCH_ONLY=refunds): staff refunds against the sandbox gateway; ' +
        (pin ? `server on core ${SERVER_CORE}, client on core ${LOAD_CORE} (taskset)` : 'no taskset: processes not pinned'),
    );
    const refunds = await runRefundsPart();
    writeEntry('refunds', refunds);
    // A refund twice, a race that let two through or money that does not add up fails the part.
    if (refunds.failed || !refunds.ok) process.exitCode = 1;
    return;
  }
  if (billingOnly) {
    log(
      `Benchmark (BENCH_ONLY=billing): POST /api/payment/verify, ${billingOrders} orders × 50 parallel, ${billingRounds} rounds × 50 orders; ` +
        (pin ? `server on core ${SERVER_CORE}, client on core ${LOAD_CORE} (taskset)` : 'no taskset: processes not pinned'),
    );
  } else {
    log(
      `Benchmark: ${connections} connections, ${warmup} s warm-up + ${duration} s per run; ` +
        (pin ? `servers on core ${SERVER_CORE}, autocannon and the billing client on core ${LOAD_CORE} (taskset)` : 'no taskset: processes not pinned'),
    );
  }

  const store = await system.createStore({ label: 'bench' });
  const profile = store.databaseUrl ? `PostgreSQL (${system.redactUrl(store.databaseUrl)})` : `PGlite (DATA_DIR ${store.dataDir})`;
  log(`Database: ${profile}${process.env.REDIS_URL ? ', queue: Redis' : ''}; LOG_LEVEL ${process.env.LOG_LEVEL ?? 'default (info)'}`);
  let server;
  let bare;
  let bareWithHeaders;
  let fastify;
  const report = {
    startedAt,
    duration,
    warmup,
    connections,
    pinned: pin,
    database: store.databaseUrl ? 'postgres' : 'pglite',
    cpus: os.cpus().length,
    node: process.version,
    endpoints: [],
    rows: [],
  };
  let failed = false;
  let mainDone = false;
  try {
    const startClock = Date.now();
    server = await system.startServer({ store, cpu: pin ? SERVER_CORE : undefined, logFile: path.join(store.dataDir, 'server.log') });
    report.logLevel = process.env.LOG_LEVEL ?? 'info (server default: one log line per request)';
    log(`Server up in ${((Date.now() - startClock) / 1000).toFixed(1)} s on ${server.baseUrl}`);

    if (browserOnly) log('BENCH_ONLY=browser: load runs skipped');
    if (billingOnly) log('BENCH_ONLY=billing: load runs and browser parts skipped');
    // The bytes to replay: one real answer per endpoint.
    const responses = [];
    const measured = [];
    const candidates = billingOnly ? [] : [...endpoints, ...(pagesWanted === '0' ? [] : pageEndpoints)];
    for (const endpoint of candidates) {
      const answer = await fetchRaw(server.baseUrl, endpoint);
      if (endpoint.page && (answer.status !== 200 || (pagesWanted !== '1' && !serverRendered(answer)))) {
        log(`  ${endpoint.name}: not measured (${answer.status}, ${answer.contentType}: not rendered on the server; BENCH_PAGES=1 measures it anyway)`);
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) {
        throw new Error(`${endpoint.method} ${endpoint.path} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
      }
      let items = null;
      try {
        const json = JSON.parse(answer.body.toString());
        items = Array.isArray(json.data) ? json.data.length : null;
      } catch {
        /* not JSON: keep the bytes anyway */
      }
      measured.push(endpoint);
      report.endpoints.push({ name: endpoint.name, path: endpoint.path, bytes: answer.body.length, contentType: answer.contentType, items });
      log(`  ${endpoint.name}: ${answer.status}, ${fmt(answer.body.length)} bytes${items === null ? '' : `, ${items} items`}, ${answer.contentType}`);
      responses.push(
        bareResponse({
          method: endpoint.method,
          path: endpoint.path,
          status: answer.status,
          contentType: answer.contentType,
          headers: answer.headers,
          body: answer.body,
        }),
      );
    }
    if (!only || loadOnly) {
      bare = await startBare(responses);
      bareWithHeaders = await startBare(responses, 'headers');
      fastify = await startFastify(responses);
    }

    for (const endpoint of only && !loadOnly ? [] : measured) {
      // Rounds alternate ours, bare, bare+h and Fastify, so a busy moment of the machine hits each;
      // the row of each is its median round (by req/s), and each ratio is of two medians.
      const yardsticks = [
        ['bare', bare],
        ['bare+h', bareWithHeaders],
        ['fastify', fastify],
      ];
      const oursRuns = [];
      const runs = yardsticks.map(() => []);
      for (let round = 0; round < loadRounds; round++) {
        oursRuns.push(load(server.baseUrl, endpoint));
        yardsticks.forEach(([, target], i) => runs[i].push(load(target.baseUrl, endpoint)));
      }
      const median = (list) => ({
        ...[...list].sort((x, y) => x.requestsPerSecond - y.requestsPerSecond)[Math.floor((list.length - 1) / 2)],
        rounds: list.map((r) => Math.round(r.requestsPerSecond)),
      });
      const ours = median(oursRuns);
      if (oursRuns.some((r) => r.non2xx > 0 || r.errors > 0)) failed = true;
      const medians = runs.map(median);
      // The ours row's ratio is against the body-only bare server, as before Fastify joined.
      report.rows.push({
        endpoint: endpoint.name,
        server: 'ours',
        ...ours,
        ratio: medians[0].requestsPerSecond > 0 ? ours.requestsPerSecond / medians[0].requestsPerSecond : undefined,
      });
      yardsticks.forEach(([name], i) => {
        const them = medians[i];
        report.rows.push({
          endpoint: endpoint.name,
          server: name,
          ...them,
          ratio: name !== 'bare' && them.requestsPerSecond > 0 ? ours.requestsPerSecond / them.requestsPerSecond : undefined,
        });
      });
    }
    if (bare) {
      await bare.stop();
      await bareWithHeaders.stop();
      await fastify.stop();
      bare = undefined;
      bareWithHeaders = undefined;
      fastify = undefined;
      log();
      printTable(report.rows);
      log(
        `(ours/this = requests per second of our server divided by the yardstick's: on the ours row the bare node:http server sending the body with Content-Type and Content-Length only, on the bare+h row the bare server sending our headers too, on the fastify row Fastify 5 sending the same bytes and headers; goals: >= 0.9 of bare+h and >= 1.0 of fastify; median of ${loadRounds} alternating rounds each, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')})`,
      );
    }

    if (!browserOnly && !loadOnly) {
      log();
      log('Billing: POST /api/payment/verify, 50 parallel calls (setup through the API):');
      const billingStart = { startedAt: new Date().toISOString(), database: report.database, pinned: pin, loadAverageBefore: os.loadavg() };
      let billing;
      try {
        billing = await benchBilling({
          baseUrl: server.baseUrl,
          dataDir: store.dataDir,
          orders: billingOrders,
          rounds: billingRounds,
          keySecret: process.env.RAZORPAY_KEY_SECRET || 'sandbox-key-secret',
          log,
        });
      } catch (error) {
        report.billing = { ...billingStart, failed: true, error: String(error?.message ?? error) };
        throw error;
      }
      // os.loadavg: other work on the machine skews the figures; the 1/5/15-minute load says how much.
      report.billing = { ...billingStart, loadAverageAfter: os.loadavg(), ...billing };
      log();
      printBillingTable(billing);
      for (const row of [billing.sameOrder, billing.differentOrders]) if (row.non200 > 0 || row.problemCount > 0) failed = true;
    }
    if (!billingOnly && !loadOnly) {
      log();
      const chrome = system.findChrome();
      if (!chrome.path) {
        log(`First-load JavaScript NOT measured: ${system.noBrowserLine()}`);
        report.pageWeight = null;
        if (strict) failed = true;
      } else {
        const weight = await measurePageWeight(server.baseUrl);
        // The same visit from a browser that takes gzip only: the figure before Brotli was served.
        const gzipOnly = await measurePageWeight(server.baseUrl, 'gzip');
        log("First-load JavaScript of / (fresh context, the browser's own Accept-Encoding; encoded = bytes on the wire, KB = 1024 bytes):");
        for (const f of [...weight.files].sort((a, b) => b.encodedBytes - a.encodedBytes)) {
          log(
            `  ${pad(fmt(f.encodedBytes / KB, 1), 7)} KB  ${pad(f.encoding, 8, true)} ${pad(f.decodedBytes === null ? '' : `(${fmt(f.decodedBytes / KB, 1)} KB raw)`, 16, true)} ${f.path}`,
          );
        }
        const totalKb = weight.totalEncoded / KB;
        const verdict = totalKb <= GOAL_KB ? 'within goal' : totalKb <= BUDGET_KB ? 'within budget, over goal' : 'OVER BUDGET';
        log(
          `  total: ${fmt(totalKb, 1)} KB encoded (${fmt(weight.totalDecoded / KB, 1)} KB raw) in ${weight.files.length} files; budget ${BUDGET_KB} KB, goal ${GOAL_KB} KB: ${verdict}`,
        );
        const uncompressed = weight.files.filter((f) => f.encoding === 'identity' && f.encodedBytes > 1024);
        if (uncompressed.length) log(`  note: sent without compression: ${uncompressed.map((f) => f.path).join(', ')}`);
        const gzipKb = gzipOnly.totalEncoded / KB;
        log(
          `  a browser that takes gzip only: ${fmt(gzipKb, 1)} KB encoded in ${gzipOnly.files.length} files (${gzipOnly.files.map((f) => `${f.path.split('/').pop()} ${fmt(f.encodedBytes / KB, 1)}`).join(', ')})`,
        );
        report.pageWeight = { ...weight, totalKb, budgetKb: BUDGET_KB, goalKb: GOAL_KB, verdict, gzipOnly: { files: gzipOnly.files, totalKb: gzipKb } };
        if (strict && totalKb > BUDGET_KB) failed = true;
      }

      log();
      if (process.env.BENCH_LIGHTHOUSE === '0') {
        log('Lighthouse: skipped (BENCH_LIGHTHOUSE=0)');
      } else if (!chrome.path) {
        log(`Lighthouse NOT measured: ${system.noBrowserLine()}`);
        report.lighthouse = null;
      } else {
        // Chromium inherits this process's pin to one core; a page load uses the main thread and a
        // compositor/network thread, so give it every core back (the load runs are over by now).
        if (pin) spawnSync('taskset', ['-p', '-c', `0-${os.cpus().length - 1}`, String(process.pid)], { stdio: 'ignore' });
        const { DEV_ADMIN } = require(path.join(system.repoRoot, 'backend', 'dist', 'platform', 'config', 'app-config.js'));
        const sessions = await lighthouseSessions({
          baseUrl: server.baseUrl,
          dataDir: store.dataDir,
          adminCredentials: { email: process.env.ADMIN_EMAIL || DEV_ADMIN.email, password: process.env.ADMIN_PASSWORD || DEV_ADMIN.password },
        });
        const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 2));
        const loadBefore = os.loadavg();
        log(
          `Lighthouse (mobile, simulated throttling, local server; goal ${LIGHTHOUSE_GOAL} for performance and accessibility; the better of ${lighthouseRuns} runs by performance):`,
        );
        log('  perf  a11y  JS KB (files)  page');
        const s = (ms) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);
        const scores = await measureLighthouse({
          baseUrl: server.baseUrl,
          chromePath: chrome.path,
          sessions,
          runs: lighthouseRuns,
          paths: process.env.BENCH_LIGHTHOUSE_PATHS ? process.env.BENCH_LIGHTHOUSE_PATHS.split(',').map((p) => p.trim()) : null,
          log: (r) =>
            log(
              `  ${pad(r.performance ?? '-', 4)}  ${pad(r.accessibility ?? '-', 4)}  ${pad(r.scriptKb === null ? '-' : `${fmt(r.scriptKb, 1)} (${r.scriptFiles})`, 13)}  ` +
                `${r.path}${r.as ? ` (${r.as})` : ''}${r.finalUrl && new URL(r.finalUrl).pathname !== r.path ? ` -> ${new URL(r.finalUrl).pathname}` : ''}: FCP ${s(r.fcpMs)}, LCP ${s(r.lcpMs)}, TBT ${fmt(r.tbtMs)} ms, CLS ${fmt(r.cls, 3)}, SI ${s(r.speedIndexMs)}; ` +
                `runs ${r.runs.map((x) => `${x.performance}/${x.accessibility}${x.runtimeError ? ` (${x.runtimeError})` : ''}`).join(', ')}` +
                `${r.accessibilityFailures.length ? `; a11y fails: ${r.accessibilityFailures.join(', ')}` : ''}${r.runtimeError ? `  error: ${r.runtimeError}` : ''}`,
            ),
        });
        const hostIndexes = scores.flatMap((r) => r.runs.map((x) => x.benchmarkIndex)).filter((index) => typeof index === 'number');
        log(
          `  (JS KB = script bytes transferred during the Lighthouse load; load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')} before, ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' / ')} after; ` +
            `host CPU, Lighthouse's benchmarkIndex: ${hostIndexes.length ? `${Math.min(...hostIndexes)} to ${Math.max(...hostIndexes)}` : 'not reported'}, Lighthouse warns below 1,000)`,
        );
        const below = scores.filter((r) => r.performance === null || r.performance < LIGHTHOUSE_GOAL || r.accessibility === null || r.accessibility < LIGHTHOUSE_GOAL);
        log(`  ${below.length ? `below goal: ${below.map((r) => r.path).join(', ')}` : 'every page at goal'}`);
        report.lighthouse = { goal: LIGHTHOUSE_GOAL, runs: lighthouseRuns, loadAverageBefore: loadBefore, loadAverageAfter: os.loadavg(), pages: scores };
      }
    }
    mainDone = true;
  } finally {
    if (bare) await bare.stop();
    if (bareWithHeaders) await bareWithHeaders.stop();
    if (fastify) await fastify.stop();
    if (server) {
      const { code, signal } = await server.stop();
      report.serverExit = { code, signal };
    }
    await store.dispose();
    // The payments-against-bare-pg part once the first server is gone: its own store and server.
    if (mainDone && barePgWanted) {
      report.barePg = await runBarePgPart();
      if (report.barePg.failed) failed = true;
    }
    // The scale-out part once the first server is gone: its own store, worker and two web processes.
    if (mainDone && scaleWanted) {
      report.scale = await runScalePart();
      if (report.scale.failed || (report.scale.rows ?? []).some((row) => row.non200 > 0 || row.problemCount > 0)) failed = true;
    }
    // The refunds part after the billing part, once the first server is gone: its own store and server.
    if (mainDone && refundsWanted) {
      report.refunds = await runRefundsPart();
      if (report.refunds.failed || !report.refunds.ok) failed = true;
    }
    // The fulfilment part once the first server is gone: its own store, stand-in and server.
    if (mainDone && fulfilmentWanted) {
      report.fulfilment = await runFulfilmentPart();
      if (report.fulfilment.failed || (strict && !report.fulfilment.ok)) failed = true;
    }
    // The admin part last, once the first server is gone: its own database, seeding and server.
    if (mainDone && adminWanted) {
      report.admin = await runAdminPart();
      if (report.admin.failed || (strict && adminFailed(report.admin))) failed = true;
    }
    fs.mkdirSync(system.artifactsDir, { recursive: true });
    const out = path.join(system.artifactsDir, browserOnly ? 'bench-browser.json' : loadOnly ? 'bench-load.json' : 'bench.json');
    let written = report;
    if (billingOnly) {
      // Only the billing entry changes: the rest of the last full run's report stays as it was.
      let previous = {};
      try {
        previous = JSON.parse(fs.readFileSync(out, 'utf8'));
      } catch {
        /* no earlier report */
      }
      written = { ...previous, billing: { ...(report.billing ?? { startedAt, database: report.database, failed: true }), serverExit: report.serverExit } };
    }
    fs.writeFileSync(out, `${JSON.stringify(written, null, 2)}\n`);
    log(`\nResults written to ${path.relative(system.repoRoot, out)}`);
  }
  if (failed && strict) {
    log(
      'BENCH_STRICT: failing (non-2xx/errors under load, a billing check failed, JavaScript over budget, the refunds part failed or found a refund wrong, the fulfilment part failed or missed its bar, or the admin part failed, missed the 2x bar or found its counters off).',
    );
    process.exitCode = 1;
  } else if (failed) {
    log('Warning: our server answered non-2xx or errored under load, a billing check failed, or the refunds, fulfilment or admin part failed (see the tables).');
  }
}

main().catch((error) => {
  process.stderr.write(`Benchmark failed: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});

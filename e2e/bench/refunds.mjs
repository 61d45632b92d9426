// The refunds part of the benchmark: staff refunds (POST /api/admin/refunds, docs/refunds.md) on the
// running built server, in a store of its own (system.createStore: PGlite, or a fresh database when
// DATABASE_URL is set) with the sandbox gateway settling each refund SANDBOX_REFUND_SETTLE_MS later
// through the webhook handler.
//
// Setup through the API, not timed: a customer registered with the OTP from the mail outbox, paid
// orders of the YouTube plan's first tier (POST /api/payment/order, the sandbox checkout's card
// choice, POST /api/payment/verify with its signed answer: the sandbox only refunds a payment it
// captured), the development admin (or ADMIN_EMAIL/ADMIN_PASSWORD) logged in.
//
//   differentOrders  50 parallel staff refunds of the whole price, one per order (after a warm-up
//                    round over 50 other orders that opens the sockets and is not counted):
//                    latency and refunds per second; then how long until the list
//                    (POST /api/admin/refunds/list {state: 'processed'}) shows all 50 processed, and
//                    each refund's own createdAt → settledAt; every order has exactly one refund and
//                    the refunded total equals the paid total (the list's amounts)
//   sameOrder        50 parallel staff refunds of the whole price of ONE order: exactly one 200 and
//                    49 409s (docs/refunds.md: the trigger's UPDATE takes the order's row lock), and
//                    the list shows one refund for that order
//   gateway calls    rows of `sandbox_refunds` (one per refund the sandbox was asked to make; a
//                    repeat with the same key answers the first row) for the measured orders, read
//                    with SQL once the server is stopped (PGlite: one process owns the data
//                    directory, see fulfilment.mjs)
//   SQL statements   PostgreSQL only: a second server instance connects through a TCP proxy that
//                    records every statement on the wire (a simple Query or an Execute) with its
//                    CommandComplete tag; one staff refund is made through it and its statements are
//                    counted in two windows: the POST (sent → last byte), then until its "processed"
//                    mail is written and relayed. The mail relay's idle polls (its claim answering
//                    UPDATE 0, once a second whatever happens) are counted apart; statements on the
//                    sandbox's own tables are shown apart (with Razorpay they are one HTTPS call).
//                    PGlite runs in the server's process, so there is no wire to count on: skipped
//                    with a line saying so.
//
// Each burst fires its calls in one go over a keep-alive agent and times each call with
// performance.now() from its start to its answer's last byte. Between bursts the harness waits until
// the refunds are processed and their mails written, so each burst starts on an idle server.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { jsonClient, percentile } from './json-client.mjs';
import { fmt, latencyStats, logHeader, pad, perSecond, recordingProxy, runFacts } from './lib.mjs';

const require = createRequire(import.meta.url);
const system = require('../support/system.js');

const PARALLEL = 50;
/** SANDBOX_REFUND_SETTLE_MS handed to the server: the documented default (docs/refunds.md). */
const SETTLE_MS = 1_500;
const WAIT_MS = 120_000;
const POLL_MS = 50;
const REASON = 'Benchmark: refund of the whole price';
/** After the "processed" mail is written, the relay marks its row relayed in the same pass; this covers it. */
const RELAY_GRACE_MS = 1_500;
/** The idle window before the counted refund: what the server runs on its own (the relay's polls). */
const IDLE_WINDOW_MS = 3_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * CPU milliseconds (user + system) a process has used, from /proc/PID/stat; null where there is no
 * /proc. With the server pinned to one core, a burst's wall time against its CPU time says whether
 * the server was busy computing or waiting (PGlite's work is in this figure, PostgreSQL's is not).
 */
const clockTicks = (() => {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  if (answer.status !== 0) throw new Error(`getconf CLK_TCK failed: ${answer.stderr}`);
  return Number(answer.stdout.trim());
})();
function cpuMs(pid) {
  if (clockTicks === null) return null;
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}

// ---------------------------------------------------------------------------------------------
// The mail outbox (DATA_DIR/outbox/*.json, one file per mail)
// ---------------------------------------------------------------------------------------------

/** Reads the outbox incrementally: a file is parsed once it is complete, then kept. */
function outbox(dataDir) {
  const dir = path.join(dataDir, 'outbox');
  const parsed = new Map();
  return {
    mails() {
      if (!fs.existsSync(dir)) return [];
      for (const name of fs.readdirSync(dir)) {
        if (!name.endsWith('.json') || parsed.has(name)) continue;
        let mail;
        try {
          mail = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
        } catch (error) {
          // A file still being written does not parse yet: it is read again on the next call.
          if (error instanceof SyntaxError) continue;
          throw error;
        }
        parsed.set(name, mail);
      }
      return [...parsed.values()];
    },
  };
}

/** What a mail says about an order: 'confirmed', 'issued' or 'processed' (subjects of order-confirmation.mail.ts and refund.mails.ts). */
function mailKind(subject) {
  const orderId = /\((order_[A-Za-z0-9]+)\)$/.exec(subject ?? '')?.[1];
  if (!orderId) return null;
  if (subject.startsWith('Order confirmed:')) return { orderId, kind: 'confirmed' };
  if (/^Refund of .* on its way/.test(subject)) return { orderId, kind: 'issued' };
  if (/^Your refund of .* was processed/.test(subject)) return { orderId, kind: 'processed' };
  return null;
}

/** Waits until each order has a mail of `kind`; answers the counts per order and how many have none. */
async function waitForMails(box, orderIds, kind, timeoutMs = WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = new Map(orderIds.map((id) => [id, 0]));
    for (const mail of box.mails()) {
      const m = mailKind(mail.subject);
      if (m && m.kind === kind && counts.has(m.orderId)) counts.set(m.orderId, counts.get(m.orderId) + 1);
    }
    const missing = [...counts.values()].filter((n) => n === 0).length;
    if (missing === 0 || Date.now() > deadline) return { counts, missing };
    await sleep(POLL_MS);
  }
}

async function waitForOtp(box, email, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = box
      .mails()
      .filter((m) => String(m.to).toLowerCase() === email)
      .sort((a, b) => String(a.sentAt).localeCompare(String(b.sentAt)))
      .at(-1)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No OTP mail to ${email} in the outbox`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------
// Money: the list's decimal text in minor units (the bench's orders are in USD, two decimals)
// ---------------------------------------------------------------------------------------------

function usdMinorUnits(text) {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(text));
  if (!match) throw new Error(`not a USD amount: ${JSON.stringify(text)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

// ---------------------------------------------------------------------------------------------
// Statements on the wire (PostgreSQL)
// ---------------------------------------------------------------------------------------------

/** The relay's claim (mail-outbox.relay.ts), which runs once a second whatever the server does. */
const isRelayClaim = (sql) => /FROM mail_outbox/i.test(sql) && /FOR UPDATE SKIP LOCKED/i.test(sql);
const isSandbox = (sql) => /\bsandbox_(refunds|payments)\b/i.test(sql);
/** SandboxGateway.refund starts with the lookup by our idempotency key: one per gateway refund call. */
const isGatewayRefundCall = (sql) => /\bsandbox_refunds\b/i.test(sql) && /\bWHERE\b[\s\S]*\bidempotency_key"?\s*=/i.test(sql);
const verbOf = (sql) => {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '?';
  if (word === 'WITH') return /\bUPDATE\b/i.test(sql) ? 'UPDATE' : /\bINSERT\b/i.test(sql) ? 'INSERT' : /\bDELETE\b/i.test(sql) ? 'DELETE' : 'SELECT';
  return word === 'START' ? 'BEGIN' : word;
};
/** The first table a statement names (FROM, INTO or UPDATE), for the breakdown. */
const tableOf = (sql) => /\b(?:FROM|INTO|UPDATE)\s+"?([a-z_]+)"?/i.exec(sql)?.[1] ?? null;

/** Counts of one window's statements. */
function tally(records) {
  const relayIdle = records.filter((r) => isRelayClaim(r.sql) && r.result === 'UPDATE 0');
  const counted = records.filter((r) => !relayIdle.includes(r));
  const byVerb = {};
  const byTable = {};
  for (const r of counted) {
    const verb = verbOf(r.sql);
    byVerb[verb] = (byVerb[verb] ?? 0) + 1;
    const table = tableOf(r.sql);
    if (table && !['BEGIN', 'COMMIT', 'ROLLBACK'].includes(verb)) byTable[table] = (byTable[table] ?? 0) + 1;
  }
  return {
    statements: counted.length,
    transactions: byVerb.BEGIN ?? 0,
    writes: (byVerb.INSERT ?? 0) + (byVerb.UPDATE ?? 0) + (byVerb.DELETE ?? 0),
    sandbox: counted.filter((r) => isSandbox(r.sql)).length,
    gatewayRefundCalls: counted.filter((r) => isGatewayRefundCall(r.sql)).length,
    errors: counted.filter((r) => String(r.result).startsWith('ERROR')).length,
    relayIdlePolls: relayIdle.length,
    byVerb,
    byTable,
  };
}

const oneLine = (sql) => sql.replace(/\s+/g, ' ').trim().slice(0, 160);

// ---------------------------------------------------------------------------------------------
// The part
// ---------------------------------------------------------------------------------------------

function summary(name, samples, wallMs, extra) {
  const stats = latencyStats(samples);
  const statuses = {};
  for (const a of samples) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return {
    name,
    ...stats,
    callsPerSecond: perSecond(stats.count, wallMs),
    refundsPerSecond: perSecond(samples.filter((a) => a.status === 200).length, wallMs),
    burstWallMs: wallMs,
    statuses,
    ...extra,
  };
}

/** `db.query(sql, params)` answers rows: over pg on PostgreSQL, or PGlite opened on the stopped server's data directory. */
async function withDatabase(store, fn) {
  if (store.databaseUrl) {
    const { Client } = require('pg');
    const client = new Client({ connectionString: store.databaseUrl });
    await client.connect();
    try {
      return await fn({ query: async (sql, params) => (await client.query(sql, params)).rows });
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(store.dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    return await fn({ query: async (sql, params) => (await db.query(sql, params)).rows });
  } finally {
    await db.close();
  }
}

/**
 * Runs the refunds part with a store and a server of its own. Answers the report's `refunds`
 * object. options: { pin, serverCore, log }
 */
export async function benchRefunds({ pin = false, serverCore = 0, log }) {
  const { DEV_ADMIN } = require(path.join(system.repoRoot, 'backend', 'dist', 'platform', 'config', 'app-config.js'));
  const startedAt = new Date().toISOString();
  const loadAverageBefore = os.loadavg();
  const store = await system.createStore({ label: 'bench_refunds' });
  const database = store.databaseUrl ? 'postgres' : 'pglite';
  const env = { SMTP_URL: '', PAYMENTS_PROVIDER: 'sandbox', SANDBOX_REFUND_SETTLE_MS: String(SETTLE_MS), SANDBOX_REFUND_OUTCOME: 'processed' };
  const start = (extra = {}) =>
    system.startServer({ store, env: { ...env, ...extra }, cpu: pin ? serverCore : undefined, logFile: path.join(store.dataDir, 'server.log') });
  const box = outbox(store.dataDir);
  let server;
  let api;
  let proxy;
  try {
    let clock = performance.now();
    server = await start();
    log(
      `  ${database === 'postgres' ? `database ${store.databaseName}` : `PGlite in ${store.dataDir}`}; server up (migrations run) in ${((performance.now() - clock) / 1000).toFixed(1)} s`,
    );
    api = jsonClient(server.baseUrl, { maxSockets: PARALLEL + 10 });

    // --- setup: a customer, the admin, paid orders ---------------------------------------------
    clock = performance.now();
    const runtime = await api.must(200, 'GET', '/api/runtime-config');
    if (runtime?.payments?.provider !== 'sandbox') throw new Error(`the refunds bench needs the sandbox gateway (the server says ${JSON.stringify(runtime?.payments)})`);
    const email = `refunds.${Date.now().toString(36)}.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const password = 'correct horse battery';
    await api.must(200, 'POST', '/api/user/request-otp', { email });
    const otp = await waitForOtp(box, email);
    await api.must(200, 'POST', '/api/user/verify-otp', { email, otp });
    await api.must(201, 'POST', '/api/user/register', { email, otp, password, name: 'Refunds Bench', phone: '+1 555 010 0198' });
    const { token, userId } = await api.must(200, 'POST', '/api/user/login', { email, password });
    const credentials = { email: process.env.ADMIN_EMAIL || DEV_ADMIN.email, password: process.env.ADMIN_PASSWORD || DEV_ADMIN.password };
    let adminToken = (await api.must(200, 'POST', '/api/admin/login', credentials)).token;
    if (!adminToken) throw new Error('POST /api/admin/login answered no token');
    const plan = await api.must(200, 'POST', '/api/plan/getByName', { name: 'youtube' });
    const pricingId = plan.pricing?.[0]?.pricingId;
    if (!plan.planId || !pricingId) throw new Error(`plan/getByName youtube answered no planId/pricingId: ${JSON.stringify(plan).slice(0, 300)}`);

    /** One paid order: created, paid with the sandbox card, verified; answers its ids and price. */
    async function paidOrder() {
      const created = await api.must(
        200,
        'POST',
        '/api/payment/order',
        { userId, planId: plan.planId, pricingId, currency: 'USD', profileLink: 'https://www.youtube.com/@refunds' },
        token,
      );
      const { id: orderId, amount, currency } = created.order;
      if (currency !== 'USD' || !Number.isSafeInteger(amount)) throw new Error(`POST /api/payment/order answered ${JSON.stringify(created.order)}`);
      const proof = await api.must(200, 'POST', '/api/payment/sandbox/checkout', { orderId, outcome: 'success' }, token);
      if (!proof.razorpay_payment_id) throw new Error(`the sandbox checkout did not pay ${orderId}: ${JSON.stringify(proof).slice(0, 300)}`);
      const verified = await api.must(
        200,
        'POST',
        '/api/payment/verify',
        { razorpay_order_id: orderId, razorpay_payment_id: proof.razorpay_payment_id, razorpay_signature: proof.razorpay_signature },
        token,
      );
      const subscriptionId = verified.subscription?.subscriptionId;
      if (!subscriptionId) throw new Error(`POST /api/payment/verify answered no subscription for ${orderId}`);
      return { orderId, subscriptionId, amount, paymentId: proof.razorpay_payment_id };
    }
    async function paidOrders(n) {
      const out = [];
      // Four at a time: setup, not measured.
      for (let i = 0; i < n; i += 4) out.push(...(await Promise.all(Array.from({ length: Math.min(4, n - i) }, paidOrder))));
      return out;
    }
    const warmUp = await paidOrders(PARALLEL);
    const different = await paidOrders(PARALLEL);
    const [same] = await paidOrders(1);
    const [counted] = database === 'postgres' ? await paidOrders(1) : [null];
    const all = [...warmUp, ...different, same, ...(counted ? [counted] : [])];
    const confirmations = await waitForMails(
      box,
      all.map((o) => o.orderId),
      'confirmed',
    );
    if (confirmations.missing) throw new Error(`${confirmations.missing} of ${all.length} setup orders got no confirmation mail`);
    const setupSeconds = (performance.now() - clock) / 1000;
    log(`  setup: a customer, ${all.length} paid orders (sandbox checkout + verify), admin logged in: ${setupSeconds.toFixed(1)} s`);

    const refund = (order) => api.call('POST', '/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: REASON }, adminToken);
    async function burst(orders) {
      const cpuBefore = cpuMs(server.pid);
      const began = performance.now();
      const answers = await Promise.all(orders.map((order) => refund(order)));
      const ended = performance.now();
      const cpuAfter = cpuMs(server.pid);
      return { answers, began, ended, wallMs: ended - began, serverCpuMs: cpuBefore === null ? null : cpuAfter - cpuBefore };
    }
    /** Every row of the refunds list (all pages) with these filters. */
    async function listAll(filters) {
      const rows = [];
      for (let page = 1; ; page++) {
        const answer = await api.call('POST', '/api/admin/refunds/list', { page, limit: 100, ...filters }, adminToken);
        if (answer.status !== 200) throw new Error(`POST /api/admin/refunds/list answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        rows.push(...answer.json.data);
        if (!answer.json.paging?.hasNext) return rows;
      }
    }
    /** Polls the processed list until every refund id is in it; answers when (performance.now()), or null at the deadline. */
    async function waitProcessed(refundIds) {
      const wanted = new Set(refundIds);
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const rows = await listAll({ state: 'processed' });
        const seenAt = performance.now();
        const found = rows.filter((r) => r.kind === 'refund' && wanted.has(r.id));
        if (found.length === wanted.size) return { at: seenAt, rows: found };
        if (Date.now() > deadline) return { at: null, rows: found };
        await sleep(POLL_MS);
      }
    }

    // --- warm-up round (not counted) -----------------------------------------------------------
    log(`  warm-up round (not counted): ${PARALLEL} parallel refunds of ${PARALLEL} orders`);
    const warm = await burst(warmUp);
    const warmBad = warm.answers.filter((a) => a.status !== 200);
    if (warmBad.length) throw new Error(`warm-up: ${warmBad.length} refunds answered ${warmBad[0].status}: ${warmBad[0].text.slice(0, 300)}`);
    const warmSettled = await waitProcessed(warm.answers.map((a) => a.json.refund.refundId));
    if (warmSettled.at === null) throw new Error(`warm-up: ${PARALLEL - warmSettled.rows.length} refunds not processed within ${WAIT_MS} ms`);
    await waitForMails(
      box,
      warmUp.map((o) => o.orderId),
      'processed',
    );

    // --- differentOrders -----------------------------------------------------------------------
    log(`  ${PARALLEL} parallel refunds of the whole price, one per order`);
    const b = await burst(different);
    const bProblems = [];
    const answeredStates = {};
    b.answers.forEach((a, i) => {
      if (a.status !== 200) bProblems.push(`${different[i].orderId}: ${a.status} ${a.text.slice(0, 200)}`);
      else {
        answeredStates[a.json.refund.state] = (answeredStates[a.json.refund.state] ?? 0) + 1;
        if (a.json.refund.orderId !== different[i].orderId) bProblems.push(`${different[i].orderId}: answered the refund of ${a.json.refund.orderId}`);
        if (a.json.refund.state === 'failed') bProblems.push(`${different[i].orderId}: the refund failed at once (${a.json.refund.failure})`);
      }
    });
    const bIds = b.answers.filter((a) => a.status === 200).map((a) => a.json.refund.refundId);
    const bSettled = await waitProcessed(bIds);
    if (bSettled.at === null) bProblems.push(`${bIds.length - bSettled.rows.length} refunds not processed within ${WAIT_MS} ms`);
    const serverSettle = bSettled.rows.map((r) => Date.parse(r.settledAt) - Date.parse(r.createdAt)).sort((x, y) => x - y);
    const bMails = await waitForMails(
      box,
      different.map((o) => o.orderId),
      'processed',
    );
    // Exactly one refund per order, and the refunded total is the paid total (the list's amounts).
    const differentIds = new Set(different.map((o) => o.orderId));
    const bRows = (await listAll({})).filter((r) => r.kind === 'refund' && differentIds.has(r.orderId));
    const perOrder = new Map(different.map((o) => [o.orderId, 0]));
    for (const r of bRows) perOrder.set(r.orderId, perOrder.get(r.orderId) + 1);
    for (const [orderId, n] of perOrder) if (n !== 1) bProblems.push(`${orderId}: ${n} refunds in the list`);
    const paidTotal = different.reduce((s, o) => s + o.amount, 0);
    const refundedTotal = bRows.reduce((s, r) => s + usdMinorUnits(r.amount), 0);
    if (refundedTotal !== paidTotal) bProblems.push(`refunded ${refundedTotal} minor units in all, paid ${paidTotal}`);
    const issuedMails = await waitForMails(
      box,
      different.map((o) => o.orderId),
      'issued',
      0,
    );
    for (const [orderId, n] of issuedMails.counts) if (n !== 1) bProblems.push(`${orderId}: ${n} "refund issued" mails`);
    for (const [orderId, n] of bMails.counts) if (n !== 1) bProblems.push(`${orderId}: ${n} "refund processed" mails`);
    const differentOrders = summary(`${PARALLEL} parallel × ${PARALLEL} orders`, b.answers, b.wallMs, {
      serverCpuMs: b.serverCpuMs,
      answeredStates,
      settle: {
        settingMs: SETTLE_MS,
        allProcessedAfterBurstMs: bSettled.at === null ? null : bSettled.at - b.ended,
        allProcessedAfterStartMs: bSettled.at === null ? null : bSettled.at - b.began,
        pollMs: POLL_MS,
        createdToProcessedP50Ms: percentile(serverSettle, 50),
        createdToProcessedMaxMs: serverSettle.at(-1) ?? null,
      },
      refundsPerOrder: { min: Math.min(...perOrder.values()), max: Math.max(...perOrder.values()) },
      paidTotalMinor: paidTotal,
      refundedTotalMinor: refundedTotal,
      problems: bProblems.slice(0, 10),
      problemCount: bProblems.length,
    });
    log(`    p50 ${differentOrders.p50.toFixed(1)} ms, all processed ${differentOrders.settle.allProcessedAfterBurstMs?.toFixed(0) ?? '-'} ms after the burst`);

    // --- sameOrder -----------------------------------------------------------------------------
    log(`  ${PARALLEL} parallel refunds of the whole price of one order`);
    const a = await burst(Array.from({ length: PARALLEL }, () => same));
    const aProblems = [];
    const ok = a.answers.filter((x) => x.status === 200);
    const conflicts = a.answers.filter((x) => x.status === 409);
    if (ok.length !== 1 || conflicts.length !== PARALLEL - 1) {
      aProblems.push(
        `${ok.length} × 200 and ${conflicts.length} × 409 (want 1 and ${PARALLEL - 1}); others: ${
          a.answers
            .filter((x) => x.status !== 200 && x.status !== 409)
            .map((x) => `${x.status} ${x.text.slice(0, 120)}`)
            .slice(0, 3)
            .join('; ') || 'none'
        }`,
      );
    }
    const conflictMessages = {};
    for (const x of conflicts) {
      const message = x.json?.message ?? x.json?.error?.message ?? x.text.slice(0, 120);
      conflictMessages[message] = (conflictMessages[message] ?? 0) + 1;
    }
    const sameRows = (await listAll({ q: same.orderId })).filter((r) => r.kind === 'refund' && r.orderId === same.orderId);
    if (sameRows.length !== 1) aProblems.push(`${same.orderId}: ${sameRows.length} refunds in the list`);
    else if (usdMinorUnits(sameRows[0].amount) !== same.amount) aProblems.push(`${same.orderId}: refunded ${sameRows[0].amount}, paid ${same.amount} minor units`);
    if (ok.length === 1) {
      const settled = await waitProcessed([ok[0].json.refund.refundId]);
      if (settled.at === null) aProblems.push(`${same.orderId}: its refund was not processed within ${WAIT_MS} ms`);
      await waitForMails(box, [same.orderId], 'processed');
    }
    const okMs = ok.map((x) => x.ms);
    const conflictMs = conflicts.map((x) => x.ms).sort((x, y) => x - y);
    const sameOrder = summary(`${PARALLEL} parallel × 1 order`, a.answers, a.wallMs, {
      serverCpuMs: a.serverCpuMs,
      orderId: same.orderId,
      acceptedMs: okMs[0] ?? null,
      conflictP50: percentile(conflictMs, 50),
      conflictMax: conflictMs.at(-1) ?? null,
      conflictMessages,
      refundsInList: sameRows.length,
      problems: aProblems.slice(0, 10),
      problemCount: aProblems.length,
    });
    log(`    ${ok.length} × 200, ${conflicts.length} × 409, p50 ${sameOrder.p50.toFixed(1)} ms`);

    // --- SQL statements of one refund (PostgreSQL: a second server through the recording proxy) ---
    let statements;
    await server.stop();
    server = undefined;
    api.close();
    api = undefined;
    if (counted) {
      proxy = await recordingProxy(store.databaseUrl);
      server = await start({ DATABASE_URL: proxy.url });
      api = jsonClient(server.baseUrl, { maxSockets: 2 });
      adminToken = (await api.must(200, 'POST', '/api/admin/login', credentials)).token;
      // The server's own statements while nothing is asked of it, then the refund's.
      proxy.setLabel('idle');
      await sleep(IDLE_WINDOW_MS);
      proxy.setLabel('request');
      const answer = await refund(counted);
      proxy.setLabel('settlement');
      if (answer.status !== 200) throw new Error(`the counted refund answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      const settleStarted = performance.now();
      const processedMail = await waitForMails(box, [counted.orderId], 'processed', 30_000);
      if (processedMail.missing) throw new Error(`the counted refund of ${counted.orderId} got no "processed" mail within 30 s`);
      const mailAfterMs = performance.now() - settleStarted;
      await sleep(RELAY_GRACE_MS);
      proxy.setLabel(null);
      const of = (label) => proxy.records.filter((r) => r.label === label);
      const idle = of('idle');
      const request = tally(of('request'));
      const settlement = tally(of('settlement'));
      statements = {
        measured: true,
        what:
          'statements the server sent to PostgreSQL (a simple Query or an Execute, recorded on the wire), BEGIN and COMMIT included; ' +
          "the mail relay's idle polls (its claim answering UPDATE 0) counted apart as relayIdlePolls",
        idleWindowMs: IDLE_WINDOW_MS,
        idle: {
          statements: idle.length,
          relayClaims: idle.filter((r) => isRelayClaim(r.sql)).length,
          other: idle.filter((r) => !isRelayClaim(r.sql)).map((r) => oneLine(r.sql)),
        },
        requestMs: answer.ms,
        request,
        settlementWindowMs: mailAfterMs + RELAY_GRACE_MS,
        processedMailAfterMs: mailAfterMs,
        settlement,
        total: request.statements + settlement.statements,
        totalWithoutSandbox: request.statements + settlement.statements - request.sandbox - settlement.sandbox,
        list: [...of('request'), ...of('settlement')].map((r) => ({ phase: r.label, sql: oneLine(r.sql), result: r.result })),
      };
      log(`  SQL statements of one refund (through the recording proxy): ${request.statements} in the request, ${settlement.statements} until processed and mailed`);
      await server.stop();
      server = undefined;
      api.close();
      api = undefined;
      await proxy.close();
      proxy = undefined;
    } else {
      statements = {
        measured: false,
        reason: 'PGlite runs inside the server process: there is no wire to count statements on (run with DATABASE_URL for the count)',
      };
    }

    // --- gateway calls: rows of sandbox_refunds, read once the server is stopped ----------------
    const gateway = await withDatabase(store, async (db) => {
      const rowsOf = async (orders) => {
        const rows = await db.query(
          `SELECT o.order_id, count(s.refund_id)::int AS gateway_refunds,
                  (SELECT count(*)::int FROM refunds r WHERE r.order_id = o.order_id) AS refunds
             FROM payment_orders o LEFT JOIN sandbox_refunds s ON s.payment_id = o.payment_id
            WHERE o.order_id = ANY($1::text[])
            GROUP BY o.order_id`,
          [orders.map((o) => o.orderId)],
        );
        const gatewayRefunds = rows.map((r) => Number(r.gateway_refunds));
        return {
          orders: rows.length,
          gatewayRefunds: gatewayRefunds.reduce((s, n) => s + n, 0),
          refunds: rows.reduce((s, r) => s + Number(r.refunds), 0),
          minPerOrder: Math.min(...gatewayRefunds),
          maxPerOrder: Math.max(...gatewayRefunds),
        };
      };
      return {
        what: "rows of sandbox_refunds for the orders' payment ids: one per refund the sandbox gateway made (a call repeated with the same key makes none)",
        differentOrders: await rowsOf(different),
        sameOrder: await rowsOf([same]),
      };
    });
    const gProblems = [];
    if (gateway.differentOrders.minPerOrder !== 1 || gateway.differentOrders.maxPerOrder !== 1)
      gProblems.push(`differentOrders: ${gateway.differentOrders.minPerOrder}–${gateway.differentOrders.maxPerOrder} gateway refunds per order (want 1)`);
    if (gateway.sameOrder.gatewayRefunds !== 1) gProblems.push(`sameOrder: ${gateway.sameOrder.gatewayRefunds} gateway refunds (want 1)`);
    if (statements.measured && statements.request.gatewayRefundCalls + statements.settlement.gatewayRefundCalls !== 1) {
      gProblems.push(`the counted refund made ${statements.request.gatewayRefundCalls + statements.settlement.gatewayRefundCalls} gateway refund calls (want 1)`);
    }
    gateway.problems = gProblems;

    return {
      ...runFacts({ startedAt, database, pinned: pin }),
      // os.loadavg: other work on the machine skews the figures; the 1/5/15-minute load says how much.
      loadAverageBefore,
      loadAverageAfter: os.loadavg(),
      endpoint: 'POST /api/admin/refunds',
      parallel: PARALLEL,
      sandboxSettleMs: SETTLE_MS,
      setup: { orders: all.length, seconds: setupSeconds },
      differentOrders,
      sameOrder,
      gateway,
      statements,
      ok: differentOrders.problemCount === 0 && sameOrder.problemCount === 0 && gProblems.length === 0,
    };
  } finally {
    api?.close();
    if (server) await server.stop();
    if (proxy) await proxy.close();
    await store.dispose();
  }
}

/** The part's table: one line per figure. */
export function printRefundsTable(result, log) {
  const header = [
    pad(`refunds: ${result.endpoint} (${result.database})`, 48, true),
    pad('calls', 5),
    pad('calls/s', 7),
    pad('p50 ms', 7),
    pad('p99 ms', 7),
    pad('max ms', 7),
    pad('200', 4),
    pad('409', 4),
    pad('other', 5),
    pad('problems', 8),
  ];
  logHeader(log, header);
  for (const row of [result.differentOrders, result.sameOrder]) {
    const other = row.count - (row.statuses[200] ?? 0) - (row.statuses[409] ?? 0);
    log(
      [
        pad(row.name, 48, true),
        pad(fmt(row.count), 5),
        pad(fmt(row.callsPerSecond), 7),
        pad(fmt(row.p50, 1), 7),
        pad(fmt(row.p99, 1), 7),
        pad(fmt(row.max, 1), 7),
        pad(fmt(row.statuses[200] ?? 0), 4),
        pad(fmt(row.statuses[409] ?? 0), 4),
        pad(fmt(other), 5),
        pad(fmt(row.problemCount), 8),
      ].join(' | '),
    );
  }
  log(
    `(latency per call, start to last byte; calls/s = calls / the burst's wall time: ${fmt(result.differentOrders.refundsPerSecond)} refunds/s over ${result.parallel} orders; ` +
      `load average ${result.loadAverageBefore.map((n) => n.toFixed(2)).join(' ')} before, ${result.loadAverageAfter.map((n) => n.toFixed(2)).join(' ')} after)`,
  );
  const d = result.differentOrders;
  const cpu = (row) =>
    row.serverCpuMs === null
      ? 'not measured (no /proc)'
      : `${fmt(row.serverCpuMs)} ms in a ${fmt(row.burstWallMs)} ms burst (${fmt(row.serverCpuMs / row.count, 1)} ms a call)`;
  log(`server CPU (user + system, the server's process only): ${result.parallel} orders ${cpu(d)}; one order ${cpu(result.sameOrder)}`);
  const s = d.settle;
  log(
    `settlement (SANDBOX_REFUND_SETTLE_MS ${fmt(s.settingMs)}): all ${fmt(d.count)} processed in the list ${fmt(s.allProcessedAfterBurstMs)} ms after the burst ended ` +
      `(${fmt(s.allProcessedAfterStartMs)} ms after it began, polled every ${s.pollMs} ms); each refund's createdAt → settledAt p50 ${fmt(s.createdToProcessedP50Ms)} / max ${fmt(s.createdToProcessedMaxMs)} ms`,
  );
  log(
    `money: ${fmt(d.paidTotalMinor / 100, 2)} USD paid, ${fmt(d.refundedTotalMinor / 100, 2)} USD refunded over ${fmt(d.count)} orders; ${d.refundsPerOrder.min === 1 && d.refundsPerOrder.max === 1 ? 'one refund per order' : `refunds per order ${d.refundsPerOrder.min}–${d.refundsPerOrder.max}`}`,
  );
  const a = result.sameOrder;
  log(
    `one order: the accepted refund ${fmt(a.acceptedMs, 1)} ms, the 409s p50 ${fmt(a.conflictP50, 1)} / max ${fmt(a.conflictMax, 1)} ms; ${a.refundsInList} refund in the list; 409 messages: ${
      Object.entries(a.conflictMessages)
        .map(([m, n]) => `${n} × "${m}"`)
        .join(', ') || 'none'
    }`,
  );
  const g = result.gateway;
  log(
    `gateway calls (rows of sandbox_refunds): ${fmt(g.differentOrders.gatewayRefunds)} for the ${fmt(g.differentOrders.orders)} orders (${g.differentOrders.minPerOrder}–${g.differentOrders.maxPerOrder} each), ` +
      `${fmt(g.sameOrder.gatewayRefunds)} for the one order raced ${result.parallel} times` +
      (result.statements.measured
        ? `; the counted refund called the gateway ${result.statements.request.gatewayRefundCalls + result.statements.settlement.gatewayRefundCalls} time(s) (the sandbox's lookup by our key, on the wire)`
        : ''),
  );
  const st = result.statements;
  if (!st.measured) {
    log(`SQL statements per refund: NOT measured (${st.reason})`);
  } else {
    const line = (t) =>
      `${t.statements} (${t.transactions} transactions, ${t.writes} writes, ${t.sandbox} on the sandbox's tables${t.errors ? `, ${t.errors} errors` : ''})`;
    log(
      `SQL statements per refund (on the wire): ${st.total}, ${st.totalWithoutSandbox} without the sandbox's own; the request ${line(st.request)} in ${fmt(st.requestMs, 1)} ms; ` +
        `settlement ${line(st.settlement)} until processed and mailed; the relay's idle polls apart (${st.request.relayIdlePolls + st.settlement.relayIdlePolls} in the windows, ${st.idle.statements} statements in ${st.idleWindowMs / 1000} s idle)`,
    );
    log(`  by table: request ${JSON.stringify(st.request.byTable)}; settlement ${JSON.stringify(st.settlement.byTable)}`);
  }
  for (const row of [result.differentOrders, result.sameOrder]) for (const problem of row.problems) log(`  problem: ${problem}`);
  for (const problem of result.gateway.problems) log(`  problem: ${problem}`);
}

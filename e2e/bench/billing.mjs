// The billing part of the benchmark: POST /api/payment/verify latency under 50 parallel calls, on the
// running built server, set up through the API only (a customer registered with the OTP from the mail
// outbox, the YouTube plan's first tier, sandbox orders signed the way Razorpay's checkout signs).
//
//   sameOrder        50 parallel verifications of ONE order (the idempotent race: one call creates
//                    the subscription, 49 wait on the order's row lock and get the same one), per order
//   differentOrders  50 parallel first-time verifications of 50 orders (each stores a subscription,
//                    marks its order paid and queues a confirmation mail), per round
//
// Each burst fires its calls in one go over a keep-alive agent (sockets opened by a warm-up burst
// that is not counted) and times each call with performance.now() from its start to its answer's
// last byte. After each burst the harness waits for the confirmation mails in DATA_DIR/outbox, so
// bursts start on an idle server and every order is checked to have exactly one mail.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { jsonClient, percentile } from './json-client.mjs';
import { latencyStats, paymentId, perSecond, recordingProxy, sandboxProof } from './lib.mjs';

const PARALLEL = 50;
const MAIL_WAIT_MS = 60_000;

/** The JSON client of this part: a socket for each of the parallel calls. */
function client(baseUrl) {
  return jsonClient(baseUrl, { maxSockets: PARALLEL + 10 });
}

function readMails(dataDir) {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const mails = [];
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    try {
      mails.push(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
    } catch {
      /* being written: read again next time */
    }
  }
  return mails;
}

async function waitForOtp(dataDir, email, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = readMails(dataDir)
      .filter((m) => String(m.to).toLowerCase() === email)
      .at(-1)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No OTP mail to ${email} in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until each of `orderIds` has its confirmation mail; answers how many each has, and the wait. */
async function waitForConfirmations(dataDir, orderIds) {
  const started = performance.now();
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const counts = new Map(orderIds.map((id) => [id, 0]));
    for (const mail of readMails(dataDir)) {
      const id = /^Order confirmed: .*\((order_[A-Za-z0-9]+)\)$/.exec(mail.subject ?? '')?.[1];
      if (id && counts.has(id)) counts.set(id, counts.get(id) + 1);
    }
    const missing = [...counts.values()].filter((n) => n === 0).length;
    if (missing === 0 || Date.now() > deadline) return { counts, waitedMs: performance.now() - started, missing };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs both measurements against `baseUrl` (store: the harness's, for the outbox).
 * Answers the report's `billing` object; `log` prints progress lines.
 */
export async function benchBilling({ baseUrl, dataDir, orders = 20, rounds = 10, keySecret = 'sandbox-key-secret', log }) {
  const api = client(baseUrl);
  try {
    // Setup through the API: one customer, the YouTube plan's first tier.
    const runtime = await api.must(200, 'GET', '/api/runtime-config');
    if (runtime?.payments?.provider !== 'sandbox')
      throw new Error(`the billing bench needs PAYMENTS_PROVIDER=sandbox (the server says ${JSON.stringify(runtime?.payments)})`);
    const email = `bench.${Date.now().toString(36)}.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const password = 'correct horse battery';
    await api.must(200, 'POST', '/api/user/request-otp', { email });
    const otp = await waitForOtp(dataDir, email);
    await api.must(200, 'POST', '/api/user/verify-otp', { email, otp });
    await api.must(201, 'POST', '/api/user/register', { email, otp, password, name: 'Bench Customer', phone: '+1 555 010 0199' });
    const { token, userId } = await api.must(200, 'POST', '/api/user/login', { email, password });
    const plan = await api.must(200, 'POST', '/api/plan/getByName', { name: 'youtube' });
    const planId = plan.planId;
    const pricingId = plan.pricing?.[0]?.pricingId;
    if (!planId || !pricingId) throw new Error(`plan/getByName youtube answered no planId/pricingId: ${JSON.stringify(plan).slice(0, 300)}`);

    const orderTimes = [];
    async function newOrder() {
      const answer = await api.call('POST', '/api/payment/order', { userId, planId, pricingId, currency: 'USD', profileLink: 'https://www.youtube.com/@bench' }, token);
      if (answer.status !== 200) throw new Error(`POST /api/payment/order answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      orderTimes.push(answer.ms);
      return answer.json.order.id;
    }
    const proofOf = (orderId) => sandboxProof(orderId, keySecret);
    /** Fires every proof at once; answers each call's result and the burst's wall time. */
    async function burst(proofs) {
      const started = performance.now();
      const answers = await Promise.all(proofs.map((proof) => api.call('POST', '/api/payment/verify', proof, token)));
      return { answers, wallMs: performance.now() - started };
    }

    function summary(name, samples, wallMs, problems, extra) {
      const stats = latencyStats(samples);
      const non200 = samples.filter((a) => a.status !== 200).length;
      return {
        name,
        ...stats,
        requestsPerSecond: perSecond(stats.count, wallMs),
        burstWallMs: wallMs,
        non200,
        problems: problems.slice(0, 10),
        problemCount: problems.length,
        ...extra,
      };
    }

    // (a) 50 parallel verifications of one order, `orders` times (plus one warm-up order, not counted).
    async function sameOrderBurst(check) {
      const orderId = await newOrder();
      const proof = proofOf(orderId);
      const result = await burst(Array.from({ length: PARALLEL }, () => proof));
      const mail = await waitForConfirmations(dataDir, [orderId]);
      if (check) {
        const ids = new Set(result.answers.map((a) => a.json?.subscription?.subscriptionId));
        for (const a of result.answers) {
          if (a.status !== 200) check.problems.push(`${orderId}: ${a.status} ${a.text.slice(0, 200)}`);
          else if (a.json?.subscription?.orderId !== orderId) check.problems.push(`${orderId}: answered the subscription of ${a.json?.subscription?.orderId}`);
        }
        if (ids.size !== 1) check.problems.push(`${orderId}: ${ids.size} different subscriptionIds in ${PARALLEL} answers`);
        if (mail.counts.get(orderId) !== 1) check.problems.push(`${orderId}: ${mail.counts.get(orderId)} confirmation mails`);
        check.mailWaits.push(mail.waitedMs);
      }
      return result;
    }
    log(`  warm-up burst (not counted), then ${orders} orders × ${PARALLEL} parallel verifications of the same order`);
    await sameOrderBurst(null);
    const a = { problems: [], mailWaits: [], samples: [], wallMs: 0 };
    for (let i = 0; i < orders; i++) {
      const result = await sameOrderBurst(a);
      a.samples.push(...result.answers);
      a.wallMs += result.wallMs;
    }

    // (b) 50 parallel first-time verifications of 50 orders, `rounds` times (plus one warm-up round).
    async function differentOrdersBurst(check) {
      const ids = [];
      for (let i = 0; i < PARALLEL; i++) ids.push(await newOrder());
      const result = await burst(ids.map(proofOf));
      const mail = await waitForConfirmations(dataDir, ids);
      if (check) {
        const subs = new Set();
        result.answers.forEach((answer, i) => {
          if (answer.status !== 200) check.problems.push(`${ids[i]}: ${answer.status} ${answer.text.slice(0, 200)}`);
          else if (answer.json?.subscription?.orderId !== ids[i]) check.problems.push(`${ids[i]}: answered the subscription of ${answer.json?.subscription?.orderId}`);
          else subs.add(answer.json.subscription.subscriptionId);
        });
        if (subs.size !== result.answers.filter((x) => x.status === 200).length)
          check.problems.push(`round: ${subs.size} distinct subscriptionIds for ${PARALLEL} orders`);
        for (const [id, n] of mail.counts) if (n !== 1) check.problems.push(`${id}: ${n} confirmation mails`);
        check.mailWaits.push(mail.waitedMs);
      }
      return result;
    }
    log(`  warm-up round (not counted), then ${rounds} rounds × ${PARALLEL} parallel first-time verifications of ${PARALLEL} orders`);
    await differentOrdersBurst(null);
    const b = { problems: [], mailWaits: [], samples: [], wallMs: 0 };
    for (let i = 0; i < rounds; i++) {
      const result = await differentOrdersBurst(b);
      b.samples.push(...result.answers);
      b.wallMs += result.wallMs;
    }

    const mailWait = (waits) => ({
      mailWaitP50Ms: percentile(
        [...waits].sort((x, y) => x - y),
        50,
      ),
      mailWaitMaxMs: Math.max(...waits),
    });
    const orderSorted = [...orderTimes].sort((x, y) => x - y);
    return {
      endpoint: 'POST /api/payment/verify',
      parallel: PARALLEL,
      sameOrder: summary(`${PARALLEL} parallel × 1 order (${orders} orders)`, a.samples, a.wallMs, a.problems, { orders, ...mailWait(a.mailWaits) }),
      differentOrders: summary(`${PARALLEL} parallel × ${PARALLEL} orders (${rounds} rounds)`, b.samples, b.wallMs, b.problems, { rounds, ...mailWait(b.mailWaits) }),
      createOrder: {
        count: orderSorted.length,
        p50: percentile(orderSorted, 50),
        p99: percentile(orderSorted, 99),
        note: 'POST /api/payment/order, one at a time (setup, not under load)',
      },
    };
  } finally {
    api.close();
  }
}

/**
 * Paid verifications per second with one and with two web processes (PROCESS_ROLE=web) and one
 * worker (PROCESS_ROLE=worker) on one PostgreSQL and one Redis (docs/operations.md): `rounds` bursts
 * of 50 parallel first-time verifications of 50 orders, first all sent to web one, then split 25/25
 * between web one and web two, side by side in one run. The confirmation mails are the worker's
 * jobs; each burst waits for them (and checks one per order) before the next starts. The processes
 * are not pinned to cores: two web processes only gain where there is a core for each.
 * Needs DATABASE_URL and REDIS_URL; answers `{ skipped }` without them.
 */
export async function benchScaleOut({ system, log, rounds = 5, keySecret = 'sandbox-key-secret' }) {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) return { skipped: 'needs DATABASE_URL and REDIS_URL (web and worker processes share them)' };
  const store = await system.createStore({ label: 'scale' });
  const servers = [];
  const clients = [];
  try {
    const start = async (role) => {
      const server = await system.startServer({ store, env: { PROCESS_ROLE: role, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' } });
      servers.push(server);
      return server;
    };
    // Web one first: it migrates and seeds; then the worker and web two on the migrated database.
    const webOne = await start('web');
    const worker = await start('worker');
    const webTwo = await start('web');
    log(`  web one ${webOne.baseUrl}, web two ${webTwo.baseUrl}, worker ${worker.baseUrl} (answers /api/health only)`);
    const one = client(webOne.baseUrl);
    const two = client(webTwo.baseUrl);
    clients.push(one, two);

    const email = `scale.${Date.now().toString(36)}.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const password = 'correct horse battery';
    await one.must(200, 'POST', '/api/user/request-otp', { email });
    const otp = await waitForOtp(store.dataDir, email, 30_000); // the worker sends it
    await two.must(200, 'POST', '/api/user/verify-otp', { email, otp });
    await one.must(201, 'POST', '/api/user/register', { email, otp, password, name: 'Bench Customer', phone: '+1 555 010 0199' });
    const { token, userId } = await two.must(200, 'POST', '/api/user/login', { email, password });
    const plan = await one.must(200, 'POST', '/api/plan/getByName', { name: 'youtube' });
    const order = { userId, planId: plan.planId, pricingId: plan.pricing?.[0]?.pricingId, currency: 'USD', profileLink: 'https://www.youtube.com/@bench' };

    /** One burst: 50 new orders, then their 50 verifications at once, spread over `targets` in turn. */
    async function burst(targets, check) {
      const ids = [];
      for (let i = 0; i < PARALLEL; i++) ids.push((await one.must(200, 'POST', '/api/payment/order', order, token)).order.id);
      const started = performance.now();
      const answers = await Promise.all(
        ids.map((orderId, i) => targets[i % targets.length].call('POST', '/api/payment/verify', sandboxProof(orderId, keySecret), token)),
      );
      const wallMs = performance.now() - started;
      const mail = await waitForConfirmations(store.dataDir, ids);
      if (check) {
        answers.forEach((answer, i) => {
          if (answer.status !== 200) check.problems.push(`${ids[i]}: ${answer.status} ${answer.text.slice(0, 200)}`);
        });
        for (const [id, n] of mail.counts) if (n !== 1) check.problems.push(`${id}: ${n} confirmation mails`);
        check.samples.push(...answers);
        check.wallMs += wallMs;
      }
    }
    const measure = async (name, targets) => {
      await burst(targets, null); // warm-up: sockets and caches of every target
      const check = { problems: [], samples: [], wallMs: 0 };
      for (let i = 0; i < rounds; i++) await burst(targets, check);
      const sorted = check.samples.map((a) => a.ms).sort((x, y) => x - y);
      return {
        name,
        webProcesses: targets.length,
        count: sorted.length,
        requestsPerSecond: check.wallMs > 0 ? sorted.length / (check.wallMs / 1000) : null,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        non200: check.samples.filter((a) => a.status !== 200).length,
        problems: check.problems.slice(0, 10),
        problemCount: check.problems.length,
      };
    };
    log(`  ${rounds} rounds × ${PARALLEL} parallel first-time verifications with one web process, then with two (plus a warm-up round each)`);
    const single = await measure('one web process', [one]);
    const double = await measure('two web processes (25 + 25)', [one, two]);
    return {
      endpoint: 'POST /api/payment/verify',
      parallel: PARALLEL,
      rounds,
      cpus: (await import('node:os')).cpus().length,
      rows: [single, double],
      twoOverOne: single.requestsPerSecond ? double.requestsPerSecond / single.requestsPerSecond : null,
    };
  } finally {
    for (const c of clients) c.close();
    for (const server of servers.reverse()) await server.stop();
    await store.dispose();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The mail relay's own statements (another timer of the server), not the verification's. */
const isRelay = (sql) => /mail_outbox/i.test(sql) && (/FOR UPDATE SKIP LOCKED/i.test(sql) || /relayed_at\s*=/i.test(sql) || /DELETE FROM/i.test(sql));

/**
 * First-time verifications against a bare `pg` script running the same SQL (PostgreSQL only): one
 * verification is made through a second server instance connected over a recording proxy, and its
 * statements (simple and extended protocol, with their bound parameters, BEGIN and COMMIT included)
 * become the script. Each replay of it stands for one verification of a fresh order: the recorded
 * order and payment ids, and every id the recorded call made up (subscription, mail, audit rows),
 * are swapped for new ones, in parameters and inside text parameters (the mail's payload). Then, in
 * alternating rounds, 50 parallel verifications of fresh orders through the server and 50 parallel
 * replays on fresh orders with a pool of the server's size (20): verifications per second of each,
 * and their ratio. Answers `{ skipped }` without DATABASE_URL.
 */
export async function benchVerifyVersusBarePg({ system, log, rounds = 5, keySecret = 'sandbox-key-secret' }) {
  if (!process.env.DATABASE_URL) return { skipped: 'needs DATABASE_URL (the bare script speaks to PostgreSQL)' };
  const require = (await import('node:module')).createRequire(import.meta.url);
  const { Pool } = require('pg');
  const store = await system.createStore({ label: 'barepg' });
  const servers = [];
  let proxy;
  let pool;
  let api;
  try {
    const server = await system.startServer({ store });
    servers.push(server);
    api = client(server.baseUrl);
    const email = `barepg.${Date.now().toString(36)}.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const password = 'correct horse battery';
    await api.must(200, 'POST', '/api/user/request-otp', { email });
    const otp = await waitForOtp(store.dataDir, email, 30_000);
    await api.must(200, 'POST', '/api/user/verify-otp', { email, otp });
    await api.must(201, 'POST', '/api/user/register', { email, otp, password, name: 'Bench Customer', phone: '+1 555 010 0199' });
    const { token, userId } = await api.must(200, 'POST', '/api/user/login', { email, password });
    const plan = await api.must(200, 'POST', '/api/plan/getByName', { name: 'youtube' });
    const order = { userId, planId: plan.planId, pricingId: plan.pricing?.[0]?.pricingId, currency: 'USD', profileLink: 'https://www.youtube.com/@bench' };
    const newOrder = async () => (await api.must(200, 'POST', '/api/payment/order', order, token)).order.id;
    const proof = (orderId) => sandboxProof(orderId, keySecret);

    // One verification through a second instance behind the recording proxy: the script.
    proxy = await recordingProxy(store.databaseUrl);
    const recorder = await system.startServer({ store, env: { DATABASE_URL: proxy.url } });
    servers.push(recorder);
    const recorderApi = client(recorder.baseUrl);
    await recorderApi.must(200, 'POST', '/api/payment/verify', proof(await newOrder()), token); // warm: sessions, caches
    const recordedOrder = await newOrder();
    const recordedProof = proof(recordedOrder);
    proxy.setLabel('verify');
    await recorderApi.must(200, 'POST', '/api/payment/verify', recordedProof, token);
    proxy.setLabel(null);
    recorderApi.close();
    const script = proxy.records.filter((r) => r.label === 'verify' && !isRelay(r.sql)).map(({ sql, params }) => ({ sql, params }));
    await recorder.stop();
    servers.pop();
    await proxy.close();
    proxy = undefined;
    if (!script.some((s) => /^\s*COMMIT/i.test(s.sql))) throw new Error(`the recorded verification has no COMMIT: ${script.map((s) => s.sql.slice(0, 60)).join(' | ')}`);
    const known = new Set([userId, order.planId, order.pricingId]);
    const madeUp = [...new Set(script.flatMap((s) => s.params).filter((p) => typeof p === 'string' && UUID.test(p) && !known.has(p)))];

    /** The script for one fresh order: its ids in place of the recorded ones. */
    const scriptFor = (orderId, payId) => {
      const swaps = [[recordedOrder, orderId], [recordedProof.razorpay_payment_id, payId], ...madeUp.map((id) => [id, crypto.randomUUID()])];
      const swap = (value) => (typeof value === 'string' ? swaps.reduce((text, [from, to]) => text.split(from).join(to), value) : value);
      return script.map((s) => ({ sql: s.sql, params: s.params.map(swap) }));
    };
    pool = new Pool({ connectionString: store.databaseUrl, max: 20 });
    const replay = async (statements) => {
      const started = performance.now();
      const connection = await pool.connect();
      try {
        for (const s of statements) await connection.query(s.sql, s.params);
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
      return performance.now() - started;
    };

    const app = { wallMs: 0, count: 0, non200: 0, samples: [] };
    const bare = { wallMs: 0, count: 0, errors: [], samples: [] };
    log(
      `  the script: ${script.length} statements recorded on the wire for one verification; ${rounds} rounds × ${PARALLEL} parallel, server and bare script alternating`,
    );
    for (let round = 0; round <= rounds; round++) {
      const counted = round > 0; // round 0 warms both sides
      const appIds = [];
      for (let i = 0; i < PARALLEL; i++) appIds.push(await newOrder());
      let started = performance.now();
      const answers = await Promise.all(appIds.map((id) => api.call('POST', '/api/payment/verify', proof(id), token)));
      const appWall = performance.now() - started;
      const bareIds = [];
      for (let i = 0; i < PARALLEL; i++) bareIds.push(await newOrder());
      started = performance.now();
      const results = await Promise.allSettled(bareIds.map((id) => replay(scriptFor(id, paymentId()))));
      const bareWall = performance.now() - started;
      if (!counted) continue;
      app.wallMs += appWall;
      app.count += answers.length;
      app.non200 += answers.filter((a) => a.status !== 200).length;
      app.samples.push(...answers.map((a) => a.ms));
      bare.wallMs += bareWall;
      bare.count += results.length;
      for (const r of results) {
        if (r.status === 'fulfilled') bare.samples.push(r.value);
        else bare.errors.push(String(r.reason?.message ?? r.reason));
      }
    }
    const row = (name, side) => {
      const sorted = [...side.samples].sort((x, y) => x - y);
      return { name, count: side.count, perSecond: side.wallMs > 0 ? side.count / (side.wallMs / 1000) : null, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    const ours = { ...row('server (POST /api/payment/verify)', app), non200: app.non200 };
    const yardstick = { ...row('bare pg script, same statements', bare), errors: bare.errors.length, firstErrors: [...new Set(bare.errors)].slice(0, 3) };
    return {
      parallel: PARALLEL,
      rounds,
      poolSize: 20,
      script: script.map((s) => s.sql.replace(/\s+/g, ' ').trim().slice(0, 160)),
      rows: [ours, yardstick],
      ratio: yardstick.perSecond ? ours.perSecond / yardstick.perSecond : null,
    };
  } finally {
    api?.close();
    await pool?.end().catch(() => undefined);
    await proxy?.close();
    for (const server of servers.reverse()) await server.stop();
    await store.dispose();
  }
}

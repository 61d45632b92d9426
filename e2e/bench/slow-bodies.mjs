// Slow request bodies against the real built server: many sockets each send a POST head at once and
// then its body one byte every few seconds, while GET /api/health is timed from a fresh connection
// every few hundred milliseconds, as an outside monitor would. It reports how long the server held
// the slow sockets and what health looked like before, during and after.
//
//   npx nx run-many -t build --outputStyle=stream     (first)
//   node e2e/bench/slow-bodies.mjs
//
// The server is started as system.startServer does it (`node backend/dist/main.js` on a free port
// with a DATA_DIR of its own, NODE_ENV=development, LOG_LEVEL as set, stdout to
// e2e/artifacts/slow-bodies-server.log), pinned to core 0 with taskset; the attackers and this process
// run on core 1. SLOW_TARGET attacks a server that is already running instead.
//
//   SLOW_SOCKETS        slow sockets in all (default 20,000)
//   SLOW_WORKERS        attacker processes sharing them (default 2): each holds SOCKETS/WORKERS sockets,
//                       which must stay under its `ulimit -n` (20,000 here, also the hard limit)
//   SLOW_OPEN_PER_S     sockets opened per second, all workers together (default 2,000)
//   SLOW_BYTE_EVERY_MS  one body byte per socket this often (default 5,000); the head announces a
//                       Content-Length of 10,000, so no body ever completes
//   SLOW_PATH           the POST route (default /api/plan/getByName, a public JSON route)
//   SLOW_DURATION_S     the run's length from the first socket (default 360, beyond Node's default
//                       300 s request timeout): sockets still open then are closed by the attacker
//   SLOW_PROBE_EVERY_MS a health probe this often (default 250), each on a new connection, given up
//                       (a failure) after SLOW_PROBE_TIMEOUT_MS (default 2,000)
//   SLOW_TARGET         e.g. http://127.0.0.1:4100: attack that server instead of starting one
//                       (SLOW_TARGET_PID, if given, lets the run count the server's open files)
//   SLOW_ENV            extra server variables as JSON, e.g. '{"HTTP_REQUEST_TIMEOUT":"30"}'
//
// Results: a timeline (10 s buckets) and a summary on stdout, and e2e/artifacts/slow-bodies.json.
// The run is bounded: at most SLOW_SOCKETS connections, each writing at most
// SLOW_DURATION_S * 1000 / SLOW_BYTE_EVERY_MS bytes, and every loop stops at SLOW_DURATION_S.
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const thisFile = fileURLToPath(import.meta.url);

const BODY_LENGTH = 10_000;
const BUCKET_MS = 10_000;

const settings = {
  sockets: Number(process.env.SLOW_SOCKETS ?? 20_000),
  workers: Number(process.env.SLOW_WORKERS ?? 2),
  openPerSecond: Number(process.env.SLOW_OPEN_PER_S ?? 2_000),
  byteEveryMs: Number(process.env.SLOW_BYTE_EVERY_MS ?? 5_000),
  path: process.env.SLOW_PATH ?? '/api/plan/getByName',
  durationS: Number(process.env.SLOW_DURATION_S ?? 360),
  probeEveryMs: Number(process.env.SLOW_PROBE_EVERY_MS ?? 250),
  probeTimeoutMs: Number(process.env.SLOW_PROBE_TIMEOUT_MS ?? 2_000),
};

// ---------------------------------------------------------------------------------------------
// An attacker process: opens its share of the slow sockets and feeds them a byte at a time.
// ---------------------------------------------------------------------------------------------

function runWorker() {
  process.on('message', (message) => {
    if (message.type === 'start') attack(message);
  });
}

function attack({ host, port, count, openPerSecond, byteEveryMs, path: target, stopAt }) {
  const head = `POST ${target} HTTP/1.1\r\nHost: ${host}:${port}\r\nContent-Type: application/json\r\n` + `Content-Length: ${BODY_LENGTH}\r\n\r\n{`;
  /** @type {Set<{ socket: net.Socket, openedAt: number, written: number, mine: boolean, firstLine: string }>} */
  const open = new Set();
  const held = []; // ms from connect to the server's close, per socket the server closed
  const answers = {}; // first line of what the server wrote before closing, by count
  let opened = 0;
  let failedToOpen = 0;
  const openErrors = {};
  let started = 0;
  let closedByServer = 0;

  const report = () => process.send?.({ type: 'progress', opened, open: open.size, closedByServer, failedToOpen });
  const progressTimer = setInterval(report, 1_000);

  const openOne = () => {
    started++;
    const socket = net.connect({ host, port });
    const entry = { socket, openedAt: 0, written: 0, mine: false, firstLine: '' };
    socket.setNoDelay(true);
    socket.on('connect', () => {
      opened++;
      entry.openedAt = performance.now();
      open.add(entry);
      socket.write(head);
    });
    socket.on('data', (chunk) => {
      if (!entry.firstLine) entry.firstLine = chunk.toString('latin1').split('\r\n')[0];
    });
    socket.on('error', (error) => {
      if (!entry.openedAt) {
        failedToOpen++;
        openErrors[error.code ?? error.message] = (openErrors[error.code ?? error.message] ?? 0) + 1;
      }
    });
    socket.on('close', () => {
      if (!entry.openedAt) return;
      open.delete(entry);
      if (entry.mine) return;
      closedByServer++;
      held.push(Math.round(performance.now() - entry.openedAt));
      const answer = entry.firstLine || '(closed without an answer)';
      answers[answer] = (answers[answer] ?? 0) + 1;
    });
  };

  // Open at the given rate, in 50 ms slices.
  const perSlice = Math.max(1, Math.round(openPerSecond / 20));
  const opener = setInterval(() => {
    for (let i = 0; i < perSlice && started < count; i++) openOne();
    if (started >= count) clearInterval(opener);
  }, 50);

  // One byte per socket every byteEveryMs, spread over 100 ms ticks so the writes do not come in bursts.
  const ticksPerRound = Math.max(1, Math.round(byteEveryMs / 100));
  let tick = 0;
  const feeder = setInterval(() => {
    const slot = tick++ % ticksPerRound;
    let i = 0;
    for (const entry of open) {
      if (i++ % ticksPerRound !== slot) continue;
      if (entry.written < BODY_LENGTH - 2 && entry.socket.writable) {
        entry.socket.write('a');
        entry.written++;
      }
    }
  }, 100);

  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearInterval(earlyCheck);
    clearTimeout(stopTimer);
    clearInterval(opener);
    clearInterval(feeder);
    clearInterval(progressTimer);
    const stillOpen = open.size;
    const now = performance.now();
    const heldAtEnd = [...open].map((entry) => Math.round(now - entry.openedAt));
    for (const entry of open) {
      entry.mine = true;
      entry.socket.destroy();
    }
    process.send?.({ type: 'done', opened, failedToOpen, openErrors, closedByServer, held, answers, stillOpen, heldAtEnd });
    setTimeout(() => process.exit(0), 200);
  };
  const stopTimer = setTimeout(finish, Math.max(0, stopAt - Date.now()));
  // Stop early once every socket was opened and the server has closed all of them.
  const earlyCheck = setInterval(() => {
    if (started >= count && opened + failedToOpen >= count && open.size === 0) finish();
  }, 500);
}

// ---------------------------------------------------------------------------------------------
// The conductor: server, workers, health probes, report.
// ---------------------------------------------------------------------------------------------

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const fmt = (n) => (n === null || n === undefined ? '-' : Math.round(n).toLocaleString('en-US'));

function probe(baseUrl, timeoutMs) {
  return new Promise((resolve) => {
    const started = performance.now();
    let done = false;
    const finish = (ok, why) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ok, ms: performance.now() - started, why });
    };
    const req = http.get(`${baseUrl}/api/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => finish(res.statusCode === 200, `HTTP ${res.statusCode}`));
      res.on('error', (error) => finish(false, error.code ?? error.message));
    });
    req.on('error', (error) => finish(false, error.code ?? error.message));
    const timer = setTimeout(() => {
      finish(false, `no answer within ${timeoutMs} ms`);
      req.destroy();
    }, timeoutMs);
  });
}

function openFiles(pid) {
  if (!pid) return null;
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

async function runConductor() {
  const system = require('../support/system.js');
  const pin = system.hasTaskset();
  if (pin) spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const log = (line = '') => process.stdout.write(`${line}\n`);

  let server = null;
  let store = null;
  let baseUrl = process.env.SLOW_TARGET;
  let serverPid = process.env.SLOW_TARGET_PID ? Number(process.env.SLOW_TARGET_PID) : null;
  fs.mkdirSync(system.artifactsDir, { recursive: true });
  if (!baseUrl) {
    store = await system.createStore({ label: 'slow-bodies' });
    const extra = process.env.SLOW_ENV ? JSON.parse(process.env.SLOW_ENV) : {};
    server = await system.startServer({
      store,
      env: extra,
      cpu: pin ? 0 : undefined,
      logFile: path.join(system.artifactsDir, 'slow-bodies-server.log'),
    });
    baseUrl = server.baseUrl;
    serverPid = server.pid;
  }
  const { hostname: host, port } = new URL(baseUrl);
  const health0 = await fetch(`${baseUrl}/api/health`)
    .then((r) => r.status)
    .catch((e) => e.message);
  log(
    `slow bodies: ${fmt(settings.sockets)} sockets over ${settings.workers} attacker process(es), ${fmt(settings.openPerSecond)}/s, ` +
      `a byte every ${fmt(settings.byteEveryMs)} ms to POST ${settings.path}, for at most ${settings.durationS} s; ` +
      `health every ${settings.probeEveryMs} ms (fail after ${settings.probeTimeoutMs} ms)`,
  );
  log(
    `server ${baseUrl} (pid ${serverPid ?? '?'}, open files ${openFiles(serverPid) ?? '?'}, health ${health0}); ` +
      `ulimit -n here ${spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()}`,
  );

  const probes = []; // { at (ms since attack start), ok, ms, why }
  const samples = []; // { at, open, closedByServer, files }
  const t0 = performance.now();
  const since = () => performance.now() - t0;

  // 5 s of health before the attack, as the baseline.
  const baselineUntil = 5_000;
  let probing = true;
  const probeLoop = (async () => {
    while (probing) {
      const at = since();
      probe(baseUrl, settings.probeTimeoutMs).then((result) => probes.push({ at: at - baselineUntil, ...result }));
      await new Promise((resolve) => setTimeout(resolve, settings.probeEveryMs));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, baselineUntil));

  const stopAt = Date.now() + settings.durationS * 1000;
  const perWorker = Math.ceil(settings.sockets / settings.workers);
  const progress = new Map();
  const results = [];
  const workers = [];
  for (let w = 0; w < settings.workers; w++) {
    const count = Math.min(perWorker, settings.sockets - w * perWorker);
    if (count <= 0) break;
    const child = fork(thisFile, ['--worker'], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    if (pin) spawnSync('taskset', ['-cp', '1', String(child.pid)], { stdio: 'ignore' });
    const done = new Promise((resolve) => {
      child.on('message', (message) => {
        if (message.type === 'progress') progress.set(w, message);
        if (message.type === 'done') {
          progress.set(w, { ...message, open: 0 });
          results.push(message);
          resolve(undefined);
        }
      });
      child.once('exit', () => resolve(undefined));
    });
    child.send({
      type: 'start',
      host,
      port: Number(port),
      count,
      openPerSecond: settings.openPerSecond / settings.workers,
      byteEveryMs: settings.byteEveryMs,
      path: settings.path,
      stopAt,
    });
    workers.push(done);
  }
  const attackStart = performance.now();
  const sampler = setInterval(() => {
    let open = 0;
    let closedByServer = 0;
    for (const p of progress.values()) {
      open += p.open;
      closedByServer += p.closedByServer;
    }
    samples.push({ at: performance.now() - attackStart, open, closedByServer, files: openFiles(serverPid) });
  }, 1_000);

  await Promise.all(workers);
  const attackEnded = performance.now() - attackStart;
  // 10 s of health after the last slow socket is gone.
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  clearInterval(sampler);
  probing = false;
  await probeLoop;
  await new Promise((resolve) => setTimeout(resolve, settings.probeTimeoutMs + 100));

  // ---- the report ----
  const held = results.flatMap((r) => r.held).sort((a, b) => a - b);
  const heldAtEnd = results.flatMap((r) => r.heldAtEnd).sort((a, b) => a - b);
  const answers = {};
  const openErrors = {};
  for (const r of results) {
    for (const [k, v] of Object.entries(r.answers)) answers[k] = (answers[k] ?? 0) + v;
    for (const [k, v] of Object.entries(r.openErrors)) openErrors[k] = (openErrors[k] ?? 0) + v;
  }
  const opened = results.reduce((n, r) => n + r.opened, 0);
  const failedToOpen = results.reduce((n, r) => n + r.failedToOpen, 0);
  const stillOpen = results.reduce((n, r) => n + r.stillOpen, 0);

  const summarise = (list) => {
    const ms = list
      .filter((p) => p.ok)
      .map((p) => p.ms)
      .sort((a, b) => a - b);
    const failures = list.filter((p) => !p.ok);
    const reasons = {};
    for (const f of failures) reasons[f.why] = (reasons[f.why] ?? 0) + 1;
    return { probes: list.length, ok: ms.length, failures: failures.length, reasons, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms.at(-1) ?? null };
  };
  const before = summarise(probes.filter((p) => p.at < 0));
  const during = summarise(probes.filter((p) => p.at >= 0 && p.at < attackEnded));
  const after = summarise(probes.filter((p) => p.at >= attackEnded));
  const failed = probes.filter((p) => !p.ok && p.at >= 0).map((p) => p.at);
  const downFrom = failed.length ? Math.min(...failed) : null;
  const downUntil = failed.length ? Math.max(...failed) : null;

  log('');
  log('   t (s) | slow open | cut by server | server files | health ok | failed | p50 ms | p99 ms | max ms');
  log('---------|-----------|---------------|--------------|-----------|--------|--------|--------|-------');
  const lastAt = Math.max(attackEnded, ...probes.map((p) => p.at));
  for (let from = -baselineUntil; from < lastAt; from += BUCKET_MS) {
    const to = from + BUCKET_MS;
    const s = summarise(probes.filter((p) => p.at >= from && p.at < to));
    const sample = [...samples].reverse().find((x) => x.at < to);
    log(
      [
        `${from / 1000}…${to / 1000}`.padStart(8),
        fmt(sample?.open ?? 0).padStart(9),
        fmt(sample?.closedByServer ?? 0).padStart(13),
        fmt(sample?.files).padStart(12),
        fmt(s.ok).padStart(9),
        fmt(s.failures).padStart(6),
        fmt(s.p50).padStart(6),
        fmt(s.p99).padStart(6),
        fmt(s.max).padStart(6),
      ].join(' | '),
    );
  }
  const summary = {
    settings,
    server: { baseUrl, startedHere: Boolean(server), env: process.env.SLOW_ENV ?? null },
    sockets: {
      opened,
      failedToOpen,
      openErrors,
      closedByServer: held.length,
      stillOpenAtEnd: stillOpen,
      heldMs: { p50: percentile(held, 50), p99: percentile(held, 99), min: held[0] ?? null, max: held.at(-1) ?? null },
      heldAtEndMs: heldAtEnd.length ? { min: heldAtEnd[0], max: heldAtEnd.at(-1) } : null,
      serverAnswers: answers,
      mostFilesOpenOnServer: Math.max(0, ...samples.map((s) => s.files ?? 0)),
    },
    attackSeconds: Math.round(attackEnded / 100) / 10,
    health: {
      before,
      during,
      after,
      failedFromS: downFrom === null ? null : Math.round(downFrom / 100) / 10,
      failedUntilS: downUntil === null ? null : Math.round(downUntil / 100) / 10,
    },
  };
  log('');
  log(
    `slow sockets: ${fmt(opened)} opened (${fmt(failedToOpen)} failed to open${failedToOpen ? ` ${JSON.stringify(openErrors)}` : ''}); ` +
      `${fmt(held.length)} cut by the server after p50 ${fmt(summary.sockets.heldMs.p50)} ms, p99 ${fmt(summary.sockets.heldMs.p99)} ms, ` +
      `max ${fmt(summary.sockets.heldMs.max)} ms; ${fmt(stillOpen)} still open at the end of the run` +
      (stillOpen ? ` (held ${fmt(summary.sockets.heldAtEndMs.min)}–${fmt(summary.sockets.heldAtEndMs.max)} ms, closed by the attacker)` : ''),
  );
  log(`server answers on the cut sockets: ${JSON.stringify(answers)}; most open files on the server: ${fmt(summary.sockets.mostFilesOpenOnServer)}`);
  for (const [name, s] of Object.entries({ before, during, after })) {
    log(
      `health ${name.padEnd(6)}: ${fmt(s.probes)} probes, ${fmt(s.failures)} failed${s.failures ? ` ${JSON.stringify(s.reasons)}` : ''}; ` +
        `p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms, max ${fmt(s.max)} ms`,
    );
  }
  log(
    downFrom === null
      ? 'health never failed during the attack'
      : `health failed between ${summary.health.failedFromS} s and ${summary.health.failedUntilS} s after the attack began`,
  );
  fs.writeFileSync(path.join(system.artifactsDir, 'slow-bodies.json'), `${JSON.stringify(summary, null, 2)}\n`);

  if (server) await server.stop();
  if (store) await store.dispose();
}

if (process.argv.includes('--worker')) runWorker();
else
  runConductor().catch((error) => {
    console.error(error);
    process.exit(1);
  });

// Instructions per request of one GET, counted by valgrind's callgrind: a figure that does not move
// with the host's speed, unlike requests per second on a shared machine (docs/operations.md, "Hot paths").
//   node e2e/bench/instructions.mjs [ours|ours-pglite|bare|bare+h] [path] [requests]
// Needs a built backend and `valgrind` (Debian's package). `ours` runs on PostgreSQL (DATABASE_URL must
// be set; a database of its own is made and dropped), `ours-pglite` on an in-memory PGlite; the bare
// servers answer with the bytes ours sent for the path (bare-server.mjs). Under callgrind, with
// instrumentation off, the server is warmed up for WARMUP_S seconds (default 60) by autocannon, then
// two windows of `requests` GETs (10 at a time, keep-alive) are counted; the second is the figure
// (the first still holds the JIT's last compilations). Slow: a few minutes per server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { bareResponse } from './lib.mjs';

const require = createRequire(import.meta.url);
const system = require('../support/system.js');

const [server = 'ours', route = '/api/plans/youtube', count = '3000'] = process.argv.slice(2);
const requests = Number(count);
const warmupSeconds = Number(process.env.WARMUP_S ?? 60);
const here = path.dirname(new URL(import.meta.url).pathname);
const repoRoot = path.resolve(here, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'growth-instructions-'));

if (!['ours', 'ours-pglite', 'bare', 'bare+h'].includes(server)) throw new Error(`unknown server '${server}': ours, ours-pglite, bare or bare+h`);
if (spawnSync('valgrind', ['--version']).status !== 0) throw new Error('valgrind is not installed (Debian: apt-get install valgrind)');

function get(port, agent) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: route, agent }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function waitUp(port) {
  for (let i = 0; i < 1200; i++) {
    try {
      const { res } = await get(port);
      if (res.statusCode === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`nothing answered ${route} on port ${port}`);
}

/** `n` GETs, 10 at a time on keep-alive connections. */
async function burst(port, n) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  let sent = 0;
  const worker = async () => {
    while (sent < n) {
      sent++;
      const { res } = await get(port, agent);
      if (res.statusCode !== 200) throw new Error(`${route} answered ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  agent.destroy();
}

/** The bytes and headers ours sends for the route, for the bare servers. */
async function recordOurs() {
  const store = await system.createStore({ label: 'instructions', seeded: false });
  const running = await system.startServer({ store, env: { PGLITE_DIR: 'memory' } });
  const port = Number(new URL(running.baseUrl).port);
  const { res, body } = await get(port);
  await running.stop();
  await store.dispose();
  const file = path.join(work, 'responses.json');
  fs.writeFileSync(
    file,
    JSON.stringify([bareResponse({ method: 'GET', path: route, status: res.statusCode, contentType: res.headers['content-type'], headers: res.headers, body })]),
  );
  return file;
}

const port = await system.freePort();
let command;
let env = { ...process.env, PORT: String(port), DATA_DIR: work, LOG_LEVEL: 'info' };
let database;
if (server === 'bare' || server === 'bare+h') {
  command = ['node', path.join(here, 'bare-server.mjs'), await recordOurs(), String(port), ...(server === 'bare+h' ? ['headers'] : [])];
} else {
  command = ['node', path.join(repoRoot, 'backend/dist/main.js')];
  if (server === 'ours') {
    if (!process.env.DATABASE_URL) throw new Error('ours runs on PostgreSQL: set DATABASE_URL (or measure ours-pglite)');
    database = `growth_instructions_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${database}`;
    env = { ...env, DATABASE_URL: url.toString() };
  } else {
    env = { ...env, DATABASE_URL: '', PGLITE_DIR: 'memory' };
  }
}

const out = path.join(work, 'callgrind.out');
const valgrind = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, '--smc-check=all-non-file', ...command], {
  cwd: repoRoot,
  env,
  stdio: ['ignore', fs.openSync(path.join(work, 'server.log'), 'a'), fs.openSync(path.join(work, 'valgrind.log'), 'a')],
});
const control = (...args) => {
  const result = spawnSync('callgrind_control', [...args, String(valgrind.pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`callgrind_control ${args.join(' ')}: ${result.stderr}`);
};
try {
  await waitUp(port);
  const warm = spawnSync(
    'node',
    [path.join(here, 'load.mjs'), JSON.stringify({ url: `http://127.0.0.1:${port}${route}`, method: 'GET', connections: 10, duration: warmupSeconds, warmup: 0 })],
    {
      encoding: 'utf8',
    },
  );
  if (warm.status !== 0) throw new Error(`warm-up failed: ${warm.stderr}`);
  const warmed = JSON.parse(warm.stdout.trim().split('\n').at(-1)).requestsTotal;
  control('-z');
  control('-i', 'on');
  await burst(port, requests);
  control('-d', 'window1');
  await burst(port, requests);
  control('-d', 'window2');
  control('-i', 'off');
  const totals = {};
  for (const file of fs.readdirSync(work).filter((name) => name.startsWith('callgrind.out'))) {
    const text = fs.readFileSync(path.join(work, file), 'utf8');
    const window = text.match(/^desc: Trigger: .*?(window\d)/m)?.[1];
    const total = Number(text.match(/^totals: (\d+)/m)?.[1]);
    if (window) totals[window] = total;
  }
  const perRequest = (window) => Math.round(totals[window] / requests);
  process.stdout.write(
    `${server} GET ${route}: ${perRequest('window2').toLocaleString('en-US')} instructions per request ` +
      `(first window ${perRequest('window1').toLocaleString('en-US')}; ${requests} requests each, after ${warmed.toLocaleString('en-US')} warm-up requests)\n`,
  );
} finally {
  valgrind.kill('SIGTERM');
  await new Promise((resolve) => valgrind.once('exit', resolve));
  if (database) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
    await admin.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
}

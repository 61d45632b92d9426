// @ts-check
/**
 * Starting and stopping the REAL built system for whole-system checks.
 *
 * Plain CommonJS so that both the Jest specs (TypeScript through @swc/jest) and the
 * benchmark harness (`e2e/bench/run.mjs`, plain Node ESM) use the same code.
 *
 * - `createStore()` makes a fresh, private place for the server's data: a temporary
 *   DATA_DIR (PGlite + mail outbox), and, when DATABASE_URL is set, a uniquely named
 *   PostgreSQL database on that server (dropped again by `dispose()`), so runs never collide.
 *   With `{ seeded: true }` during a Jest run, the store starts as a copy of the run's seeded
 *   template (`prepareRun()`, called by global-setup.js) instead of empty: the server then skips
 *   the migrations and the seed (docs/operations.md#test-suite-timings).
 * - `startServer({ store })` runs `node backend/dist/main.js` on a free port and resolves once
 *   GET /api/health answers 200 with status "ok". If the process dies or never becomes
 *   healthy, the error carries its stderr and stdout.
 * - `findChrome()` / `launchBrowser()` find and start Debian's Chromium through playwright-core.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');

const repoRoot = path.resolve(__dirname, '..', '..');
const serverEntry = path.join(repoRoot, 'backend', 'dist', 'main.js');
const remoteNames = ['storefront', 'account', 'admin'];
const frontendDists = ['shell', ...remoteNames].map((name) => path.join(repoRoot, 'frontends', name, 'dist'));
const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts');

/** The flags the machine notes prescribe for Debian's Chromium (no sandbox as root, no background traffic). */
const chromeArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** @param {string | undefined} value */
function isTruthy(value) {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** In CI (or when asked) every suite must really run: a missing browser is a failure, not a skip. */
function allSuitesRequired() {
  return isTruthy(process.env.CI) || process.env.REQUIRE_ALL_SUITES === '1';
}

/** @returns {{ path: string | null, reason: string }} */
function findChrome() {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    if (fs.existsSync(configured)) return { path: configured, reason: `CHROME_PATH=${configured}` };
    return { path: null, reason: `CHROME_PATH=${configured} does not exist` };
  }
  const candidate = '/usr/bin/chromium';
  if (fs.existsSync(candidate)) return { path: candidate, reason: candidate };
  return { path: null, reason: 'no Chromium found' };
}

function noBrowserLine() {
  const { reason } = findChrome();
  return `Browser specs NOT run: ${reason} (apt-get install -y chromium, or set CHROME_PATH)`;
}

/**
 * A Compose CLI to validate docker-compose.yml with: the plugin (`docker compose`) or the standalone
 * `docker-compose` (Debian's package, which .ci/run installs). No Docker engine is needed for `config`.
 * @returns {{ cli: { name: string, command: string, prefix: string[] } | null, reason: string }}
 */
function findComposeCli() {
  const candidates = [
    { name: 'docker compose (plugin)', command: 'docker', prefix: ['compose'] },
    { name: 'docker-compose (standalone)', command: 'docker-compose', prefix: [] },
  ];
  const missing = [];
  for (const candidate of candidates) {
    const probe = spawnSync(candidate.command, [...candidate.prefix, 'version'], { encoding: 'utf8' });
    if (!probe.error && probe.status === 0) return { cli: candidate, reason: candidate.name };
    const why = probe.error ? 'not installed' : `${probe.stderr || probe.stdout}`.trim().split('\n')[0];
    missing.push(`${candidate.name}: ${why}`);
  }
  return { cli: null, reason: missing.join('; ') };
}

function noComposeLine() {
  return `docker-compose.yml NOT checked by a Compose CLI (${findComposeCli().reason}): apt-get install -y docker-compose`;
}

/** @param {import('playwright-core').LaunchOptions} [options] */
async function launchBrowser(options = {}) {
  const { path: executablePath, reason } = findChrome();
  if (!executablePath) throw new Error(`Cannot launch a browser: ${reason}`);
  const { chromium } = require('playwright-core');
  return chromium.launch({ executablePath, args: chromeArgs, ...options });
}

/** Lists what the build should have produced but did not. */
function missingBuildOutputs() {
  const missing = [];
  if (!fs.existsSync(serverEntry)) missing.push(path.relative(repoRoot, serverEntry));
  for (const dir of frontendDists) {
    if (!fs.existsSync(path.join(dir, 'index.html')) && !fs.existsSync(path.join(dir, 'mf-manifest.json'))) {
      missing.push(path.relative(repoRoot, dir));
    }
  }
  return missing;
}

function assertBuilt() {
  const missing = missingBuildOutputs();
  if (missing.length > 0) {
    throw new Error(`The system under test is not built (missing: ${missing.join(', ')}). ` + 'Run `npx nx run-many -t build` at the repository root first.');
  }
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** @param {string} url */
function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable URL>';
  }
}

/**
 * @typedef {object} Store
 * @property {string} dataDir       fresh temporary DATA_DIR
 * @property {string | undefined} databaseUrl  URL of the private PostgreSQL database, if DATABASE_URL is set
 * @property {string | undefined} databaseName
 * @property {Record<string, string>} env  the variables to hand to the server
 * @property {() => Promise<void>} dispose  drops the database and removes the data directory
 */

/** The variable through which global-setup.js hands the run's template and drop list to the spec files. */
const RUN_ENV = 'GROWTH_E2E_RUN';

/**
 * @typedef {object} RunInfo
 * @property {string} dir  a directory for the run (template DATA_DIR, the list of databases to drop)
 * @property {string | undefined} templateDataDir  DATA_DIR of the seeded template (PGlite)
 * @property {string | undefined} templateDatabase  name of the seeded template database (PostgreSQL)
 */

/** @returns {RunInfo | undefined} the run global-setup.js prepared, if this process is inside one */
function currentRun() {
  const text = process.env[RUN_ENV];
  return text ? JSON.parse(text) : undefined;
}

/**
 * A fresh place for one system's data. Several server starts may share one store (restart tests).
 * `seeded`: inside a run prepared by `prepareRun()`, the store is a copy of the run's template, a
 * store on which the built server already ran its migrations and its seed (the same rows a first
 * start makes: countries, plans, documents, catalogue, the first admin), so its first start only
 * boots. A PostgreSQL database is copied by `CREATE DATABASE … TEMPLATE`, a PGlite one by copying its
 * directory; the copy is as private as a fresh store. Outside such a run it is a fresh store.
 * @param {{ label?: string, seeded?: boolean }} [options]
 * @returns {Promise<Store>}
 */
async function createStore(options = {}) {
  const label = (options.label ?? 'e2e')
    .replace(/[^a-z0-9]+/gi, '_')
    .toLowerCase()
    .slice(0, 20);
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), `growth-${label}-`));
  /** @type {Record<string, string>} */
  const env = { DATA_DIR: dataDir };
  const unique = `${label}_${Date.now().toString(36)}_${crypto.randomBytes(4).toString('hex')}`;
  // BullMQ keys of this run stay apart from any other user of the same Redis.
  if (process.env.REDIS_URL) env.QUEUE_PREFIX = `growth_${unique}`;
  /** @type {string | undefined} */
  let databaseUrl;
  /** @type {string | undefined} */
  let databaseName;
  const baseUrl = process.env.DATABASE_URL;
  const run = options.seeded ? currentRun() : undefined;
  if (baseUrl) {
    databaseName = `growth_${unique}`.slice(0, 63);
    const template = run?.templateDatabase ? ` TEMPLATE "${run.templateDatabase}"` : '';
    await withAdminClient(baseUrl, (client) => client.query(`CREATE DATABASE "${databaseName}"${template}`));
    const url = new URL(baseUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    env.DATABASE_URL = databaseUrl;
  } else if (run?.templateDataDir) {
    await fsp.cp(path.join(run.templateDataDir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  let disposed = false;
  return {
    dataDir,
    databaseUrl,
    databaseName,
    env,
    async dispose() {
      if (disposed) return;
      disposed = true;
      if (env.QUEUE_PREFIX && process.env.REDIS_URL) await deleteRedisKeys(process.env.REDIS_URL, env.QUEUE_PREFIX);
      if (databaseName && baseUrl) {
        const name = databaseName;
        // Every DROP DATABASE waits for a checkpoint (1–4 s here): inside a prepared run the drop is
        // left to the run's end, where the drops share their checkpoints (finishRun). The server is
        // stopped by now, so the database is no longer used either way.
        const inRun = currentRun();
        if (inRun) await fsp.appendFile(path.join(inRun.dir, 'databases-to-drop'), `${name}\n`);
        else await withAdminClient(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      }
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `fn` with a client connected to the database named in `url` (used only to create/drop ours).
 * @param {string} url
 * @param {(client: import('pg').Client) => Promise<unknown>} fn
 */
async function withAdminClient(url, fn) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to DATABASE_URL ${redactUrl(url)}: ${/** @type {Error} */ (error).message}`, { cause: error });
  }
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Removes the queue keys a run left in Redis (BullMQ keeps its queue metadata forever).
 * @param {string} url @param {string} prefix
 */
async function deleteRedisKeys(url, prefix) {
  const { Redis } = require('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Keeps the last `limit` characters of a stream's output. */
class Tail {
  /** @param {number} limit */
  constructor(limit) {
    this.limit = limit;
    this.text = '';
  }
  /** @param {Buffer | string} chunk */
  push(chunk) {
    this.text += chunk.toString();
    if (this.text.length > this.limit * 2) this.text = this.text.slice(-this.limit);
  }
  toString() {
    return this.text.length > this.limit ? `…${this.text.slice(-this.limit)}` : this.text;
  }
}

/** The last `limit` characters of a file, read when asked. */
class FileTail {
  /** @param {string} file @param {number} limit */
  constructor(file, limit) {
    this.file = file;
    this.limit = limit;
  }
  toString() {
    try {
      const text = fs.readFileSync(this.file, 'utf8');
      return text.length > this.limit ? `…${text.slice(-this.limit)}` : text;
    } catch {
      return '';
    }
  }
}

/** Children still running; killed if this process exits without stopping them. */
const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * @typedef {object} RunningServer
 * @property {string} baseUrl   e.g. http://127.0.0.1:43211
 * @property {number} port
 * @property {number} pid
 * @property {(p: string) => string} url
 * @property {() => string} stdout
 * @property {() => string} stderr
 * @property {() => any} health   the last /api/health body
 * @property {() => Promise<{ code: number | null, signal: string | null }>} stop
 */

/**
 * Starts `node backend/dist/main.js` and waits until /api/health says ok.
 * @param {{ store: Store, env?: Record<string, string>, cpu?: number, timeoutMs?: number, quiet?: boolean, logFile?: string }} options
 * @returns {Promise<RunningServer>}
 */
async function startServer(options) {
  assertBuilt();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  /** @type {Record<string, string | undefined>} */
  const env = {
    ...process.env,
    NODE_ENV: process.env.E2E_NODE_ENV ?? 'development',
    ...options.store.env,
    ...options.env,
    PORT: String(port),
  };
  // Jest's own variables mean nothing to the server.
  delete env.JEST_WORKER_ID;
  let command = process.execPath;
  let args = [serverEntry];
  if (options.cpu !== undefined && hasTaskset()) {
    args = ['-c', String(options.cpu), command, ...args];
    command = 'taskset';
  }
  // With logFile, stdout goes straight to a file: no pipe for this process to drain under load.
  const logFd = options.logFile ? fs.openSync(options.logFile, 'a') : undefined;
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', logFd ?? 'pipe', 'pipe'] });
  if (logFd !== undefined) fs.closeSync(logFd);
  running.add(child);
  const stdout = options.logFile ? new FileTail(options.logFile, 64 * 1024) : new Tail(64 * 1024);
  const stderr = new Tail(64 * 1024);
  child.stdout?.on('data', (chunk) => /** @type {Tail} */ (stdout).push(chunk));
  child.stderr?.on('data', (chunk) => stderr.push(chunk));

  /** @type {{ code: number | null, signal: string | null } | null} */
  let exited = null;
  /** @type {Promise<{ code: number | null, signal: string | null }>} */
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      running.delete(child);
      resolve(exited);
    });
  });
  let stopping = false;
  // exitPromise only resolves (on the child's exit): nothing to catch.
  void exitPromise.then((result) => {
    if (!stopping) {
      process.stderr.write(
        `\n[e2e] server on port ${port} exited unexpectedly (code ${result.code}, signal ${result.signal}).\n` +
          `--- server stderr ---\n${stderr}\n--- server stdout (tail) ---\n${stdout}\n`,
      );
    }
  });

  const describeOutput = () => `--- server stderr ---\n${stderr.toString() || '(empty)'}\n--- server stdout (tail) ---\n${stdout.toString() || '(empty)'}`;

  const timeoutMs = options.timeoutMs ?? Number(process.env.E2E_START_TIMEOUT_MS ?? 120_000);
  const deadline = Date.now() + timeoutMs;
  let lastHealth = null;
  let lastProblem = 'no answer yet';
  while (true) {
    if (exited) {
      const { code, signal } = exited;
      throw new Error(`The server exited during start-up (code ${code}, signal ${signal}).\n${describeOutput()}`);
    }
    if (Date.now() > deadline) {
      stopping = true;
      child.kill('SIGKILL');
      await exitPromise;
      throw new Error(`The server did not become healthy within ${timeoutMs} ms (last: ${lastProblem}).\n${describeOutput()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      const text = await response.text();
      lastProblem = `HTTP ${response.status} ${text.slice(0, 300)}`;
      if (response.status === 200) {
        lastHealth = JSON.parse(text);
        if (lastHealth && lastHealth.status === 'ok') break;
      }
    } catch (error) {
      lastProblem = /** @type {Error} */ (error).message;
    }
    // Asked often: every start of every spec file waits for this answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    baseUrl,
    port,
    pid: /** @type {number} */ (child.pid),
    url: (p) => new URL(p, baseUrl).toString(),
    stdout: () => stdout.toString(),
    stderr: () => stderr.toString(),
    health: () => lastHealth,
    async stop() {
      if (!exited) {
        stopping = true;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exitPromise;
        clearTimeout(timer);
      }
      const result = /** @type {{ code: number | null, signal: string | null }} */ (exited);
      const errText = stderr.toString().trim();
      if (errText && !options.quiet) {
        process.stderr.write(`\n[e2e] stderr of the server on port ${port} (pid ${child.pid}):\n${errText}\n`);
      }
      return result;
    },
  };
}

/**
 * Prepares a Jest run (global-setup.js): a seeded template store, made by one start of the built
 * server on a fresh store, which `createStore({ seeded: true })` copies; and the list of databases
 * `dispose()` leaves to `finishRun()`. Skipped (fresh stores then) when nothing is built, so a spec
 * that needs no server still runs, or with GROWTH_E2E_TEMPLATE=0.
 * @returns {Promise<{ finish: () => Promise<void> }>} finish: drops the run's databases and the template
 */
async function prepareRun() {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'growth-e2e-run-'));
  /** @type {RunInfo} */
  const run = { dir, templateDataDir: undefined, templateDatabase: undefined };
  /** @type {Store | undefined} */
  let template;
  if (missingBuildOutputs().length === 0 && process.env.GROWTH_E2E_TEMPLATE !== '0') {
    template = await createStore({ label: 'template' });
    const server = await startServer({ store: template });
    const stopped = await server.stop();
    if (stopped.code !== 0) throw new Error(`The template server did not stop cleanly (code ${stopped.code}, signal ${stopped.signal}).\n${server.stderr()}`);
    if (template.databaseName) run.templateDatabase = template.databaseName;
    else run.templateDataDir = template.dataDir;
  }
  process.env[RUN_ENV] = JSON.stringify(run);
  return {
    async finish() {
      delete process.env[RUN_ENV];
      const list = path.join(dir, 'databases-to-drop');
      const names = fs.existsSync(list) ? fs.readFileSync(list, 'utf8').split('\n').filter(Boolean) : [];
      const baseUrl = process.env.DATABASE_URL;
      if (baseUrl) {
        // At once: concurrent drops wait for the same checkpoints instead of one each.
        await Promise.all(names.map((name) => withAdminClient(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))));
      }
      await template?.dispose();
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

/** @type {boolean | undefined} */
let tasksetChecked;
function hasTaskset() {
  if (tasksetChecked === undefined) {
    tasksetChecked = spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' }).status === 0;
  }
  return tasksetChecked;
}

module.exports = {
  repoRoot,
  serverEntry,
  artifactsDir,
  remoteNames,
  chromeArgs,
  allSuitesRequired,
  findChrome,
  noBrowserLine,
  findComposeCli,
  noComposeLine,
  launchBrowser,
  missingBuildOutputs,
  assertBuilt,
  freePort,
  createStore,
  startServer,
  prepareRun,
  hasTaskset,
  redactUrl,
};

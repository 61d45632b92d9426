// @ts-check
/**
 * A private redis-server for specs that take Redis away: it listens on a port of its own, keeps
 * nothing on disk (`--save "" --appendonly no`), and can be stopped and started again on the same
 * port. The machine's shared Redis is never touched.
 */
const { spawn, spawnSync } = require('node:child_process');
const { freePort } = require('./system');

/** @returns {string | null} the redis-server binary, or null when there is none */
function findRedisServer() {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** Children still running; killed if this process exits without stopping them. */
const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * @typedef {object} ThrowawayRedis
 * @property {number} port
 * @property {string} url   redis://127.0.0.1:<port>
 * @property {() => Promise<void>} stop    stops the server (its data is gone)
 * @property {() => Promise<void>} start   starts it again, empty, on the same port
 */

/**
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
function readyOrExit(child) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.stdout?.on('data', (chunk) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with code ${code} during start:\n${output}`));
    });
  });
}

/** @returns {Promise<ThrowawayRedis>} */
async function startThrowawayRedis() {
  const binary = findRedisServer();
  if (!binary) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  const port = await freePort();
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;

  const start = async () => {
    if (child) return;
    const started = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(started);
    started.once('exit', () => running.delete(started));
    child = started;
    await readyOrExit(started);
  };

  const stop = async () => {
    const current = child;
    if (!current) return;
    child = null;
    if (current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };

  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}

module.exports = { findRedisServer, startThrowawayRedis };

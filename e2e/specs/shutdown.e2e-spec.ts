/**
 * Shutdown of the real built server (docs/configuration.md#server-and-http: SHUTDOWN_TIMEOUT): on SIGTERM it stops accepting, lets the
 * requests under way finish, destroys what is left after SHUTDOWN_TIMEOUT (here 2 s), closes its
 * queue and database and exits with code 0. A client that sends half a request body and then nothing
 * used to keep the process alive for minutes.
 */
import net from 'node:net';
import { createStore, startServer, type RunningServer, type Store } from '../support/system';

const SHUTDOWN_TIMEOUT_S = 2;
/** After the timeout the server still closes its queue and database: allow it this much more. */
const CLOSING_MS = 3_000;

/** A raw HTTP/1.1 client that sends the head and part of the body now, and the rest when told. */
function partialRequest(port: number, body: string, sendFirst: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined); // the server cuts the stuck one: that is the point
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  socket.write(
    'POST /api/plan/getByName HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, sendFirst)}`,
  );
  return {
    connected,
    ended,
    received: () => received,
    finish: () => socket.write(body.slice(sendFirst)),
  };
}

/** Resolves true when a new TCP connection to the port is refused (the server stopped accepting). */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('Shutdown on SIGTERM (real server)', () => {
  let store: Store;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    store = await createStore({ label: 'shutdown', seeded: true });
    server = await startServer({ store, env: { SHUTDOWN_TIMEOUT: String(SHUTDOWN_TIMEOUT_S) } });
  });

  afterAll(async () => {
    await server?.stop();
    await store?.dispose();
  });

  test('a client stuck halfway through its body is cut after SHUTDOWN_TIMEOUT, a request under way still gets its answer, exit code 0', async () => {
    const running = server!;
    const body = JSON.stringify({ name: 'youtube' });
    const stuck = partialRequest(running.port, body, Math.floor(body.length / 2));
    const underWay = partialRequest(running.port, body, Math.floor(body.length / 2));
    await Promise.all([stuck.connected, underWay.connected]);
    await new Promise((resolve) => setTimeout(resolve, 300)); // both heads have reached the server

    const signalledAt = Date.now();
    const exit = running.stop(); // SIGTERM (system.js sends SIGKILL only after 10 s)
    server = undefined;

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await refusesConnections(running.port)).toBe(true);
    underWay.finish();
    await underWay.ended;
    const answeredInMs = Date.now() - signalledAt;

    const { code, signal } = await exit;
    const tookMs = Date.now() - signalledAt;
    await stuck.ended;

    expect(underWay.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(underWay.received()).toContain('"success":true');
    // Answered with `Connection: close` and closed by the server, not cut at the timeout.
    expect(underWay.received()).toMatch(/\r\nConnection: close\r\n/i);
    expect(answeredInMs).toBeLessThan(SHUTDOWN_TIMEOUT_S * 1000);
    expect(stuck.received()).toBe('');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_S * 1000 + CLOSING_MS);
    expect(running.stdout()).toMatch(/1 connection.* cut after SHUTDOWN_TIMEOUT/);
  }, 60_000);
});

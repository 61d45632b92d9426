/**
 * Slow and idle clients against the real built server (security review, HTTP): a client that sends
 * its head or body a byte at a time, or nothing at all, or keeps an idle connection, is cut after
 * HTTP_HEADERS_TIMEOUT / HTTP_REQUEST_TIMEOUT / HTTP_KEEP_ALIVE_TIMEOUT, with Node's 408 where an
 * answer can still be written. Before, Node's defaults let a slow body hold its connection (and a file
 * descriptor) for 300 s. Here the timeouts are 1 s, 2 s and 1 s, so each case takes a few seconds;
 * one server keeps the defaults, to show they are the API's (10 s), not Node's (60 s).
 * The full-size attack (20,000 sockets, /api/health timed meanwhile) is e2e/bench/slow-bodies.mjs.
 */
import net from 'node:net';
import { createStore, startServer, type RunningServer, type Store } from '../support/system';

const HEADERS_S = 1;
const REQUEST_S = 2;
const KEEP_ALIVE_S = 1;
/** Node checks the head and request timeouts on a timer (the app sets it to 1 s); allow that and some slack. */
const CHECK_SLACK_MS = 2_000;

interface RawClient {
  socket: net.Socket;
  received(): string;
  /** Resolves with the ms from connect to the server's close. */
  closed: Promise<number>;
  connected: Promise<void>;
}

function rawClient(port: number): RawClient {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let connectedAt = 0;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined); // a cut connection is the point
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => {
      connectedAt = Date.now();
      resolve();
    });
    socket.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - connectedAt)));
  return { socket, received: () => received, closed, connected };
}

/** Writes one character of `text` every `everyMs` until the socket closes or the text is sent. */
function dribble(client: RawClient, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (i >= text.length || client.socket.destroyed) return clearInterval(timer);
    client.socket.write(text[i++]);
  }, everyMs);
  client.socket.once('close', () => clearInterval(timer));
}

const HEAD = (length: number) => `POST /api/plan/getByName HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('Slow and idle clients (real server, HTTP_*_TIMEOUT 1 s / 2 s / 1 s)', () => {
  let store: Store;
  let server: RunningServer;

  beforeAll(async () => {
    store = await createStore({ label: 'slow-clients', seeded: true });
    server = await startServer({
      store,
      env: { HTTP_HEADERS_TIMEOUT: String(HEADERS_S), HTTP_REQUEST_TIMEOUT: String(REQUEST_S), HTTP_KEEP_ALIVE_TIMEOUT: String(KEEP_ALIVE_S) },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await store?.dispose();
  });

  test('a body sent a byte at a time is answered 408 and cut after HTTP_REQUEST_TIMEOUT, not after minutes', async () => {
    const body = JSON.stringify({ name: 'youtube' });
    const client = rawClient(server.port);
    await client.connected;
    client.socket.write(HEAD(body.length));
    dribble(client, body, 400); // 19 bytes over 7.6 s: would finish long after the limit

    const heldMs = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(heldMs).toBeGreaterThanOrEqual(REQUEST_S * 1000 - 100);
    expect(heldMs).toBeLessThan(REQUEST_S * 1000 + CHECK_SLACK_MS);
    // The access log says what the client got (408, a warning), not an error of the body parser.
    await new Promise((resolve) => setTimeout(resolve, 500)); // the log is written every 250 ms
    const line = server
      .stdout()
      .split('\n')
      .find((l) => l.includes('"url":"/api/plan/getByName"') && l.includes('"msg":"request completed"'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 40, res: { status: 408 } });
  });

  test('a head sent a byte at a time, and a connection that sends nothing, are cut after HTTP_HEADERS_TIMEOUT', async () => {
    const slowHead = rawClient(server.port);
    const silent = rawClient(server.port);
    await Promise.all([slowHead.connected, silent.connected]);
    dribble(slowHead, HEAD(2), 200);

    const [headMs, silentMs] = await Promise.all([slowHead.closed, silent.closed]);
    for (const [client, ms] of [
      [slowHead, headMs],
      [silent, silentMs],
    ] as const) {
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(ms).toBeGreaterThanOrEqual(HEADERS_S * 1000 - 100);
      expect(ms).toBeLessThan(HEADERS_S * 1000 + CHECK_SLACK_MS);
    }
  });

  test('a body that arrives in time is answered, even in pieces', async () => {
    const body = JSON.stringify({ name: 'youtube' });
    const client = rawClient(server.port);
    await client.connected;
    client.socket.write(HEAD(body.length) + body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 600));
    client.socket.write(body.slice(5));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(client.received()).toContain('"success":true');
    client.socket.destroy();
  });

  test('an idle keep-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT (which it announces)', async () => {
    const client = rawClient(server.port);
    await client.connected;
    const sentAt = Date.now();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await client.closed;
    const idleMs = Date.now() - sentAt;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(client.received()).toMatch(new RegExp(`\\r\\nKeep-Alive: timeout=${KEEP_ALIVE_S}\\r\\n`, 'i'));
    // Node 20 waits one second more than it announces, so a client never sends into a closing socket.
    expect(idleMs).toBeGreaterThanOrEqual(KEEP_ALIVE_S * 1000);
    expect(idleMs).toBeLessThan(KEEP_ALIVE_S * 1000 + 2_000);
  });

  test('while 300 slow bodies are held, /api/health still answers, and all 300 are cut after the timeout', async () => {
    const body = JSON.stringify({ name: 'youtube' });
    const clients = Array.from({ length: 300 }, () => rawClient(server.port));
    await Promise.all(clients.map((c) => c.connected));
    for (const client of clients) {
      client.socket.write(HEAD(body.length));
      dribble(client, body, 500);
    }
    const startedAt = Date.now();
    const healthMs: number[] = [];
    while (Date.now() - startedAt < REQUEST_S * 1000) {
      const t0 = Date.now();
      const res = await fetch(server.url('/api/health'), { signal: AbortSignal.timeout(2_000) });
      expect(res.status).toBe(200);
      healthMs.push(Date.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const held = await Promise.all(clients.map((c) => c.closed));
    expect(Math.max(...healthMs)).toBeLessThan(1_000);
    expect(clients.filter((c) => /^HTTP\/1\.1 408 /.test(c.received()))).toHaveLength(300);
    expect(Math.max(...held)).toBeLessThan(REQUEST_S * 1000 + CHECK_SLACK_MS + 1_000);
  });
});

describe('Slow and idle clients (real server, default timeouts)', () => {
  let store: Store;
  let server: RunningServer;

  beforeAll(async () => {
    store = await createStore({ label: 'slow-defaults', seeded: true });
    server = await startServer({ store });
  });

  afterAll(async () => {
    await server?.stop();
    await store?.dispose();
  });

  test('a connection that sends nothing is cut after the API default of 10 s, not Node default of 60 s', async () => {
    const client = rawClient(server.port);
    await client.connected;
    const ms = await Promise.race([client.closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 15_000))]);
    client.socket.destroy();
    expect(ms).toBeGreaterThanOrEqual(10_000 - 100);
    expect(ms).toBeLessThan(10_000 + CHECK_SLACK_MS);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  }, 30_000);
});

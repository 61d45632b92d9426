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
/** Node checks the head and request timeouts on a timer, every second (platform/http/http-timeouts.ts). */
const CHECK_EVERY_MS = 1_000;
/** Timestamps here and in the server are whole milliseconds, taken on two clocks' reads. */
const ROUNDING_MS = 50;

/**
 * Runs `work` while measuring the delays a cut can meet beyond the server's check interval: how
 * late this process's timers fire (a busy test process reads the close late) and how long
 * /api/health takes (a busy server runs its check late). The allowed time past a limit is the check
 * interval plus what was measured, so a loaded machine widens the margin by what it really costs.
 */
async function measuringDelays<T>(server: RunningServer, work: () => Promise<T>): Promise<{ result: T; slackMs: number; health: HealthSample[] }> {
  let done = false;
  let lateMs = 0;
  const health: HealthSample[] = [];
  const ownTimers = (async () => {
    while (!done) {
      const t0 = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
      lateMs = Math.max(lateMs, Date.now() - t0 - 50);
    }
  })();
  const serverAnswers = (async () => {
    while (!done) {
      const t0 = Date.now();
      const res = await fetch(server.url('/api/health'), { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      health.push({ at: Date.now(), ms: Date.now() - t0 });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await work();
    return { result, slackMs: CHECK_EVERY_MS + Math.max(0, ...health.map((h) => h.ms)) + lateMs + ROUNDING_MS, health };
  } finally {
    done = true;
    await Promise.all([ownTimers, serverAnswers]);
  }
}

/** One /api/health call: when it was answered, and how long it took. */
interface HealthSample {
  at: number;
  ms: number;
}

/** The slowest of a few /api/health calls on the quiet server: what the machine costs without an attack. */
async function quietHealthMs(server: RunningServer): Promise<number> {
  let slowest = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = Date.now();
    const res = await fetch(server.url('/api/health'));
    await res.arrayBuffer();
    slowest = Math.max(slowest, Date.now() - t0);
  }
  return slowest;
}

/** Polls the server's log (written every 250 ms) for the access line of `url`. */
async function accessLineOf(server: RunningServer, url: string): Promise<unknown> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const line = server
      .stdout()
      .split('\n')
      .find((l) => l.includes(`"url":"${url}"`) && l.includes('"msg":"request completed"'));
    if (line) return JSON.parse(line);
  }
  return {};
}

/** A body far longer than any stall of a loaded machine: at a byte per 400 ms it would take 80 s. */
const SLOW_BODY = JSON.stringify({ name: 'youtube', padding: 'x'.repeat(180) });

interface RawClient {
  socket: net.Socket;
  received(): string;
  /** The first error the client's socket met (ECONNRESET, EPIPE, ...), if any. */
  errorCode(): string | undefined;
  /** Resolves with the ms from connect to the server's close. */
  closed: Promise<number>;
  /** When the connection closed (Date.now()), or Infinity while it is open. */
  closedAt(): number;
  connected: Promise<void>;
}

function rawClient(port: number): RawClient {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let errorCode: string | undefined;
  let connectedAt = 0;
  let closedAt = Infinity;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  // A cut connection is the point; its code tells how it was cut (see `outcomeOf`).
  socket.on('error', (error: NodeJS.ErrnoException) => (errorCode ??= error.code ?? error.message));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => {
      connectedAt = Date.now();
      resolve();
    });
    socket.once('error', reject);
  });
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      closedAt = Date.now();
      resolve(closedAt - connectedAt);
    }),
  );
  return { socket, received: () => received, errorCode: () => errorCode, closed, closedAt: () => closedAt, connected };
}

/**
 * What a client saw, in one word: the status line's code when an answer came, else how the socket
 * ended: `empty` (closed with nothing read), or the error that cut it before anything was read
 * (ECONNRESET: the server's RST; EPIPE: a write into a connection the server had reset).
 */
function outcomeOf(client: RawClient): string {
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(client.received())?.[1];
  if (status) return status;
  if (client.received() !== '') return 'garbled';
  return client.errorCode() ?? 'empty';
}

/** How many clients saw each outcome, e.g. `{ "408": 298, "ECONNRESET": 2 }`. */
function countOutcomes(clients: RawClient[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const client of clients) {
    const outcome = outcomeOf(client);
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
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
    const client = rawClient(server.port);
    await client.connected;
    client.socket.write(HEAD(SLOW_BODY.length));
    dribble(client, SLOW_BODY, 400);

    const { result: heldMs, slackMs } = await measuringDelays(server, () => client.closed);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(client.errorCode()).toBeUndefined(); // a lingering close: the answer, then an orderly end
    expect(heldMs).toBeGreaterThanOrEqual(REQUEST_S * 1000 - ROUNDING_MS);
    expect(heldMs).toBeLessThan(REQUEST_S * 1000 + slackMs);
    // The access log says what the client got (408, a warning), not an error of the body parser.
    expect(await accessLineOf(server, '/api/plan/getByName')).toMatchObject({ level: 40, res: { status: 408 } });
  });

  test('a head sent a byte at a time, and a connection that sends nothing, are cut after HTTP_HEADERS_TIMEOUT', async () => {
    const slowHead = rawClient(server.port);
    const silent = rawClient(server.port);
    await Promise.all([slowHead.connected, silent.connected]);
    dribble(slowHead, HEAD(2), 200);

    const {
      result: [headMs, silentMs],
      slackMs,
    } = await measuringDelays(server, () => Promise.all([slowHead.closed, silent.closed]));
    for (const [client, ms] of [
      [slowHead, headMs],
      [silent, silentMs],
    ] as const) {
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(ms).toBeGreaterThanOrEqual(HEADERS_S * 1000 - ROUNDING_MS);
      expect(ms).toBeLessThan(HEADERS_S * 1000 + slackMs);
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
    const quietMs = await quietHealthMs(server);
    const clients = Array.from({ length: 300 }, () => rawClient(server.port));
    await Promise.all(clients.map((c) => c.connected));
    for (const client of clients) {
      client.socket.write(HEAD(SLOW_BODY.length));
      dribble(client, SLOW_BODY, 500);
    }
    // Each request's time starts at its head's first byte, all written by now (the connects before can take seconds under load).
    const headsWrittenAt = Date.now();
    const { slackMs, health } = await measuringDelays(server, () => Promise.all(clients.map((c) => c.closed)));
    // While all 300 are held (answers before the first cut), health answers within a second more than on the quiet server.
    const firstCut = Math.min(...clients.map((c) => c.closedAt()));
    const whileHeld = health.filter((h) => h.at < firstCut).map((h) => h.ms);
    expect(whileHeld.length).toBeGreaterThan(0);
    expect(Math.max(...whileHeld)).toBeLessThan(1_000 + quietMs);
    // Each client's outcome: the 408, or how it was cut without one (an empty answer, ECONNRESET, EPIPE).
    expect(countOutcomes(clients)).toEqual({ '408': 300 });
    // The 300 are cut by one check of the server, after the last one's limit.
    expect(Math.max(...clients.map((c) => c.closedAt())) - headsWrittenAt).toBeLessThan(REQUEST_S * 1000 + slackMs);
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
    const { result: ms, slackMs } = await measuringDelays(server, () =>
      Promise.race([client.closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 20_000))]),
    );
    client.socket.destroy();
    expect(ms).toBeGreaterThanOrEqual(10_000 - ROUNDING_MS);
    expect(ms).toBeLessThan(10_000 + slackMs);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  }, 30_000);
});

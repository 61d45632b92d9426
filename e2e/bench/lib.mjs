// What the parts of the benchmark share besides the JSON client (json-client.mjs): the figures'
// formatting and tables, latency summaries, sandbox payment proofs, the seeding SQL's column lists and
// their check, and the recording proxy that shows which statements a server sends to PostgreSQL.
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { percentile } from './json-client.mjs';

// ---------------------------------------------------------------------------------------------
// Figures and tables
// ---------------------------------------------------------------------------------------------

/** A number with thousands separators and `digits` decimals; '-' for none. */
export const fmt = (n, digits = 0) =>
  n === undefined || n === null || Number.isNaN(n) ? '-' : Number(n).toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A table cell: padded at the start (numbers), or at the end with `right` (names). */
export const pad = (s, n, right = false) => (right ? String(s).padEnd(n) : String(s).padStart(n));

/** A table's header line and the rule under it. */
export function logHeader(log, header) {
  log(header.join(' | '));
  log(header.map((h) => '-'.repeat(h.length)).join('-|-'));
}

/** A load average as the tables print it: '7.12 5.01 3.40'. */
export const loadText = (loadAverage) => loadAverage.map((x) => Number(x).toFixed(2)).join(' ');

/** Count, p50, p99, max and mean (ms) of timed answers ({ ms }). */
export function latencyStats(samples) {
  const sorted = samples.map((a) => a.ms).sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? null,
    mean: sorted.length ? sorted.reduce((s, v) => s + v, 0) / sorted.length : null,
  };
}

/** A Razorpay-style payment id (pay_ and 14 letters or digits). */
export const paymentId = () =>
  `pay_${crypto
    .randomBytes(16)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(14, 'x')
    .slice(0, 14)}`;

/** What the sandbox checkout hands back for `orderId`: a new payment id, signed as Razorpay signs it (HMAC of order|payment with the key secret). */
export function sandboxProof(orderId, keySecret = 'sandbox-key-secret', payId = paymentId()) {
  const signature = crypto.createHmac('sha256', keySecret).update(`${orderId}|${payId}`).digest('hex');
  return { razorpay_order_id: orderId, razorpay_payment_id: payId, razorpay_signature: signature };
}

/** Headers that belong to one response (or to the connection) and are not replayed by the bare server. */
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

/** One entry of bare-server.mjs's responses file: the bytes and headers our server sent for a request. */
export function bareResponse({ method, path, status, contentType, headers, body }) {
  return {
    method,
    path,
    status,
    contentType,
    bodyBase64: body.toString('base64'),
    headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE_HEADERS.has(name))),
  };
}

/** Per second over a burst's wall time, or null for a burst of no time. */
export const perSecond = (count, wallMs) => (wallMs > 0 ? count / (wallMs / 1000) : null);

// ---------------------------------------------------------------------------------------------
// Seeding with SQL
// ---------------------------------------------------------------------------------------------

/** The users columns the seeding INSERTs fill. */
export const USER_COLUMNS = ['user_id', 'email', 'name', 'phone', 'country_id', 'calling_id', 'created_at', 'updated_at', 'email_verified_at', 'token_version'];
/** The subscriptions columns every seeded subscription fills (a part adds its fulfilment columns). */
export const SUBSCRIPTION_COLUMNS = [
  'subscription_id',
  'user_id',
  'plan_id',
  'plan_name',
  'profile_link',
  'order_id',
  'payment_id',
  'status',
  'pricing',
  'customer_email',
  'customer_name',
  'created_at',
  'updated_at',
];

/**
 * Stops a part whose seeding INSERTs miss a NOT NULL column without a default (a migration added
 * it). `seeded`: table → the columns the part fills; `rowsOf(sql, params)` answers rows (pg's
 * Client wrapped, or PGlite's).
 */
export async function checkSeedColumns(rowsOf, seeded, part) {
  const rows = await rowsOf(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = ANY($1) AND is_nullable = 'NO' AND column_default IS NULL`,
    [Object.keys(seeded)],
  );
  const missing = rows.filter((r) => !seeded[r.table_name].includes(r.column_name));
  if (missing.length) {
    throw new Error(
      `the ${part} bench does not fill these NOT NULL columns (a migration added them): ${missing.map((r) => `${r.table_name}.${r.column_name}`).join(', ')}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Statements on the wire (PostgreSQL)
// ---------------------------------------------------------------------------------------------

const cstring = (buf, at) => {
  const end = buf.indexOf(0, at);
  return [buf.toString('utf8', at, end), end + 1];
};

/**
 * A TCP proxy in front of PostgreSQL that records each statement its clients run (frontend protocol
 * v3: a simple Query, or an Execute of the statement last bound, with the bound text parameters),
 * each with the label set when it was sent, its time, and the server's answer (the CommandComplete
 * tag, ERROR with the SQLSTATE, or EMPTY). The pg driver runs one query at a time per connection,
 * so the answers pair with the statements in order.
 */
export async function recordingProxy(databaseUrl) {
  const upstream = new URL(databaseUrl);
  const records = [];
  let label = null;
  const sockets = new Set();
  const server = net.createServer((client) => {
    const pg = net.connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client);
    sockets.add(pg);
    // A closed side closes the other; the error itself is the pool's to report (it sees the close).
    pg.on('close', () => client.destroy());
    client.on('close', () => pg.destroy());
    pg.on('error', () => client.destroy());
    client.on('error', () => pg.destroy());
    const prepared = new Map();
    let bound = { sql: null, params: [] };
    let waiting = [];
    let fromClient = Buffer.alloc(0);
    let fromServer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      pg.write(chunk);
      fromClient = Buffer.concat([fromClient, chunk]);
      for (;;) {
        if (!started) {
          if (fromClient.length < 8) return;
          const length = fromClient.readInt32BE(0);
          if (fromClient.length < length) return;
          const code = fromClient.readInt32BE(4);
          fromClient = fromClient.subarray(length);
          // An SSL or GSS encryption request precedes the startup message; pg asks for neither by default.
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (fromClient.length < 5) return;
        const length = fromClient.readInt32BE(1);
        if (fromClient.length < 1 + length) return;
        const type = String.fromCharCode(fromClient[0]);
        const body = fromClient.subarray(5, 1 + length);
        fromClient = fromClient.subarray(1 + length);
        if (type === 'Q' || type === 'E') {
          const [sql, params] = type === 'Q' ? [cstring(body, 0)[0], []] : [bound.sql ?? '(unknown statement)', bound.params];
          const record = { label, at: performance.now(), sql, params, result: null };
          records.push(record);
          waiting.push(record);
        } else if (type === 'P') {
          const [name, at] = cstring(body, 0);
          prepared.set(name, cstring(body, at)[0]);
        } else if (type === 'B') {
          bound = boundStatement(body, prepared);
        }
      }
    });
    pg.on('data', (chunk) => {
      client.write(chunk);
      fromServer = Buffer.concat([fromServer, chunk]);
      for (;;) {
        if (fromServer.length < 5) return;
        const length = fromServer.readInt32BE(1);
        if (fromServer.length < 1 + length) return;
        const type = String.fromCharCode(fromServer[0]);
        const body = fromServer.subarray(5, 1 + length);
        fromServer = fromServer.subarray(1 + length);
        const open = waiting.find((r) => r.result === null);
        if (type === 'C' && open) open.result = cstring(body, 0)[0];
        else if (type === 'E' && open) open.result = `ERROR ${errorCode(body)}`;
        else if (type === 'I' && open) open.result = 'EMPTY';
        else if (type === 'Z') waiting = [];
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(server.address().port);
  return {
    url: url.toString(),
    records,
    setLabel: (next) => {
      label = next;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve(undefined));
      }),
  };
}

/** A Bind message: the prepared statement's SQL and the bound parameters (text; null for NULL). */
function boundStatement(body, prepared) {
  let [, at] = cstring(body, 0);
  let name;
  [name, at] = cstring(body, at);
  const formats = body.readInt16BE(at);
  at += 2 + 2 * formats;
  const count = body.readInt16BE(at);
  at += 2;
  const params = [];
  for (let i = 0; i < count; i++) {
    const size = body.readInt32BE(at);
    at += 4;
    if (size < 0) params.push(null);
    else {
      params.push(body.toString('utf8', at, at + size));
      at += size;
    }
  }
  return { sql: prepared.get(name) ?? null, params };
}

/** The SQLSTATE of an ErrorResponse. */
function errorCode(body) {
  let code = '';
  for (let at = 0; at < body.length && body[at] !== 0;) {
    const field = String.fromCharCode(body[at]);
    const [value, next] = cstring(body, at + 1);
    if (field === 'C') code = value;
    at = next;
  }
  return code;
}

/** Where and when a part ran, the first fields of its entry in bench.json. */
export function runFacts({ startedAt, database, pinned }) {
  return { startedAt, finishedAt: new Date().toISOString(), database, pinned, cpus: os.cpus().length, node: process.version };
}

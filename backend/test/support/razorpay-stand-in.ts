import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RazorpayGateway } from '../../src/modules/billing/adapters/gateways/razorpay.gateway';
import type { PaymentsConfig } from '../../src/platform/config/app-config';

/** The key pair the gateway specs give the stand-in and the gateway; the secret must show in no log and no message. */
export const STAND_IN_KEYS = { keyId: 'rzp_test_StandIn0000001', keySecret: 'stand-in-key-secret-do-not-log' };

/** The payments config of a Razorpay gateway with the stand-in's keys (its `apiUrl` given by the spec). */
export function standInPaymentsConfig(overrides: Partial<PaymentsConfig> = {}): PaymentsConfig {
  return { provider: 'razorpay', ...STAND_IN_KEYS, webhookSecret: 'hook-secret', apiUrl: null, ...overrides };
}

/** One request as the stand-in received it, for assertions. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/orders/order_X/payments`. */
  path: string;
  /** The Basic auth credentials sent, or null when there was no Basic Authorization header. */
  auth: { keyId: string; keySecret: string } | null;
  /** The parsed JSON body; the raw text when it was not JSON; undefined when empty. */
  body: unknown;
  headers: IncomingMessage['headers'];
}

/** An order as Razorpay's Orders API returns it. */
export interface StandInOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

/** A payment as Razorpay's Payments API returns it (the fields our code or a reader cares about). */
export interface StandInPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: string;
  amount_refunded: number;
  /** `partial` or `full` once a refund (pending or processed) holds part or all of the amount. */
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  email: string;
  contact: string;
  notes: Record<string, string> | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

/** A refund as Razorpay's Refunds API returns it (`POST /v1/payments/{id}/refund`, `GET /v1/refunds/{id}`). */
export interface StandInRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal' | 'optimum';
}

/** Scripting the next request: `afterActing` lets the stand-in do what was asked and only then lose the answer. */
type Scripted =
  { kind: 'answer'; status: number; body: unknown } | { kind: 'hang'; afterActing: boolean } | { kind: 'close'; afterActing: boolean } | { kind: 'delay'; ms: number };

/** What a route decided to answer; handle() sends it, or loses it when the script says so. */
interface Answer {
  status: number;
  body: unknown;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay's ids: a prefix and 14 alphanumerics, e.g. `order_Np0fJ3Fq2yXz9A`. */
function razorpayId(prefix: 'order' | 'pay' | 'rfnd'): string {
  let id = '';
  for (let i = 0; i < 14; i++) id += ALNUM[randomInt(ALNUM.length)];
  return `${prefix}_${id}`;
}

/** Razorpay's error body: `{ error: { code, description, source, step, reason, metadata, field? } }`. */
export function razorpayError(code: string, description: string, extra: { field?: string; reason?: string } = {}) {
  return {
    error: {
      code,
      description,
      source: 'NA',
      step: 'NA',
      reason: extra.reason ?? 'NA',
      metadata: {},
      ...(extra.field ? { field: extra.field } : {}),
    },
  };
}

const SERVER_ERROR = razorpayError('SERVER_ERROR', 'The server encountered an error. The incident has been reported to admins.');

/** Razorpay's rule for X-Refund-Idempotency: at least 10 letters, digits, hyphens or underscores. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;
/** The fields Razorpay's normal refund takes; anything else is refused, as Razorpay does. */
const REFUND_FIELDS = ['amount', 'speed', 'receipt', 'notes'];

/**
 * A local stand-in for the part of Razorpay's REST API v1 that the `razorpay` SDK calls for us
 * (create an order, list an order's payments, refund a payment, fetch a refund), so the Razorpay
 * gateway is tested with the real SDK over real HTTP and no internet. It checks Basic auth like
 * Razorpay (401 in Razorpay's error shape), keeps orders, payments and refunds in memory, lets a
 * test script payments, refund outcomes and failures (an error status, a request that never gets an
 * answer, a dropped connection, a slow request; before or after it acted) and records every request
 * it received. Refunds follow the rules Razorpay documents for its Refunds API: captured payments
 * only, never more than captured in total, X-Refund-Idempotency replays the same refund, a
 * different body under a used key is a 400, a repeat while the first is still running is a 409.
 * It is a test double, not an emulator: it speaks Razorpay's shapes always, its error descriptions
 * where they are known.
 */
export class RazorpayStandIn {
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[] = [];
  private readonly orders = new Map<string, StandInOrder>();
  private readonly payments = new Map<string, StandInPayment[]>();
  /** Every refund, oldest first (a Map keeps insertion order). */
  private readonly refundsById = new Map<string, StandInRefund>();
  /** X-Refund-Idempotency keys of refunds made: what was asked (to compare a repeat) and the refund. */
  private readonly idempotencyKeys = new Map<string, { request: string; refundId: string }>();
  /** Keys whose first request is still being worked on (a delayed request). */
  private readonly keysInProgress = new Set<string>();
  private refundStatus: StandInRefund['status'] = 'processed';
  private readonly script: Scripted[] = [];
  private readonly hanging = new Set<ServerResponse>();
  private readonly working = new Set<Promise<unknown>>();

  private constructor(
    private readonly server: Server,
    private readonly credentials: { keyId: string; keySecret: string },
  ) {}

  /** Listens on 127.0.0.1 on a free port; requests must carry these credentials. */
  static async start(credentials: { keyId: string; keySecret: string }): Promise<RazorpayStandIn> {
    const server = createServer();
    const standIn = new RazorpayStandIn(server, credentials);
    server.on('request', (req, res) => {
      standIn.handle(req, res).catch(() => res.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return standIn;
  }

  /** The base URL to give the SDK (RAZORPAY_API_URL), e.g. `http://127.0.0.1:41234`. */
  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** The next request is answered with this status and body (default: Razorpay's SERVER_ERROR body). */
  failNext(status: number, body: unknown = SERVER_ERROR): void {
    this.answerNext(status, body);
  }

  /** The next request gets exactly this answer (a string is sent as HTML), whatever it asked. */
  answerNext(status: number, body: unknown): void {
    this.script.push({ kind: 'answer', status, body });
  }

  /**
   * The next request is received and recorded but never answered (until stop), to test timeouts.
   * With `afterActing` the stand-in first does what was asked (a refund is made), as when Razorpay
   * acted and the answer was lost on the way.
   */
  hangNext(options: { afterActing?: boolean } = {}): void {
    this.script.push({ kind: 'hang', afterActing: options.afterActing ?? false });
  }

  /**
   * The next request is received and recorded, then its connection is destroyed without an answer;
   * with `afterActing`, only after the stand-in did what was asked.
   */
  closeNext(options: { afterActing?: boolean } = {}): void {
    this.script.push({ kind: 'close', afterActing: options.afterActing ?? false });
  }

  /**
   * The next request is acted on and answered `ms` later. A refund request holds its idempotency key
   * meanwhile, so a repeat with the same key is answered 409, as Razorpay does while the first runs.
   */
  delayNext(ms: number): void {
    this.script.push({ kind: 'delay', ms });
  }

  /** Resolves once every request received so far has been acted on (delayed ones included). */
  async settled(): Promise<void> {
    await Promise.all([...this.working]);
  }

  order(orderId: string): StandInOrder | undefined {
    return this.orders.get(orderId);
  }

  /** A payment by its id (`pay_…`), whatever its order. */
  payment(paymentId: string): StandInPayment | undefined {
    for (const attempts of this.payments.values()) {
      const found = attempts.find((p) => p.id === paymentId);
      if (found) return found;
    }
    return undefined;
  }

  /** A refund by its id (`rfnd_…`), as GET /v1/refunds/{id} would answer it. */
  refund(refundId: string): StandInRefund | undefined {
    return this.refundsById.get(refundId);
  }

  /** Every refund the stand-in holds (of one payment when given), oldest first, failed ones included. */
  refunds(paymentId?: string): StandInRefund[] {
    const all = [...this.refundsById.values()];
    return paymentId === undefined ? all : all.filter((r) => r.payment_id === paymentId);
  }

  /**
   * The state refunds are made (and answered) in from now on; default `processed`. `pending` lets a
   * test answer first and settle later with settleRefund; `failed` is a refund the bank refused at once.
   */
  answerRefundsAs(status: StandInRefund['status']): void {
    this.refundStatus = status;
  }

  /**
   * Moves a pending refund to its final state, as Razorpay does days later. A failed refund gives
   * its amount back to the payment (it can be refunded again); a processed one never moves again.
   */
  settleRefund(refundId: string, outcome: 'processed' | 'failed'): StandInRefund {
    const refund = this.refundsById.get(refundId);
    if (!refund) throw new Error(`The stand-in has no refund ${refundId}`);
    if (refund.status !== 'pending') throw new Error(`Refund ${refundId} is ${refund.status}; only a pending refund settles`);
    refund.status = outcome;
    if (outcome === 'failed') {
      const payment = this.payment(refund.payment_id);
      if (!payment) throw new Error(`The stand-in lost payment ${refund.payment_id}`);
      payment.amount_refunded -= refund.amount;
      updateRefundState(payment);
    }
    return refund;
  }

  /**
   * Adds a payment attempt to an order, as if the customer had paid (or tried to) in checkout.
   * Defaults: the order's amount and currency; a failed payment gets Razorpay's failure fields.
   */
  addPayment(orderId: string, payment: { status: StandInPayment['status']; amount?: number; currency?: string; errorDescription?: string }): StandInPayment {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`The stand-in has no order ${orderId}`);
    const failed = payment.status === 'failed';
    const captured = payment.status === 'captured' || payment.status === 'refunded';
    const amount = payment.amount ?? order.amount;
    const added: StandInPayment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount,
      currency: payment.currency ?? order.currency,
      status: payment.status,
      order_id: orderId,
      invoice_id: null,
      international: false,
      method: 'card',
      amount_refunded: payment.status === 'refunded' ? amount : 0,
      refund_status: payment.status === 'refunded' ? 'full' : null,
      captured,
      description: null,
      email: 'customer@example.com',
      contact: '+15555550100',
      notes: [],
      fee: captured ? Math.round(amount * 0.02) : null,
      tax: captured ? 0 : null,
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? (payment.errorDescription ?? 'Payment failed') : null,
      error_source: failed ? 'customer' : null,
      error_step: failed ? 'payment_authorization' : null,
      error_reason: failed ? 'payment_failed' : null,
      created_at: Math.floor(Date.now() / 1000),
    };
    this.payments.set(orderId, [...(this.payments.get(orderId) ?? []), added]);
    order.attempts += 1;
    if (captured) {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    } else if (order.status === 'created') {
      order.status = 'attempted';
    }
    return added;
  }

  /** Stops listening and drops every open connection, answered or hanging. */
  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let body: unknown = undefined;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    this.requests.push({ method: req.method ?? '', path: req.url ?? '', auth: basicAuth(req), body, headers: req.headers });

    const scripted = this.script.shift();
    if (scripted?.kind === 'answer') {
      send(res, scripted.status, scripted.body);
      return;
    }
    const loses = scripted?.kind === 'hang' || scripted?.kind === 'close' ? scripted : null;
    if (loses && !loses.afterActing) {
      this.loseAnswer(loses.kind, req, res);
      return;
    }
    const work = this.route(req, body, scripted?.kind === 'delay' ? scripted.ms : 0);
    this.working.add(work);
    let answer: Answer;
    try {
      answer = await work;
    } finally {
      this.working.delete(work);
    }
    if (loses) {
      this.loseAnswer(loses.kind, req, res);
      return;
    }
    send(res, answer.status, answer.body);
  }

  private loseAnswer(kind: 'hang' | 'close', req: IncomingMessage, res: ServerResponse): void {
    if (kind === 'close') req.socket.destroy();
    else this.hanging.add(res);
  }

  private async route(req: IncomingMessage, body: unknown, delayMs: number): Promise<Answer> {
    const auth = basicAuth(req);
    if (!auth || auth.keyId !== this.credentials.keyId || auth.keySecret !== this.credentials.keySecret) {
      return { status: 401, body: razorpayError('BAD_REQUEST_ERROR', 'Authentication failed') };
    }

    const path = (req.url ?? '').split('?')[0];
    const refundOf = /^\/v1\/payments\/([^/]+)\/refund\/?$/.exec(path);
    if (req.method === 'POST' && refundOf) {
      return this.refundRequest(decodeURIComponent(refundOf[1]), body, req.headers['x-refund-idempotency'], delayMs);
    }
    if (delayMs > 0) await sleep(delayMs);

    const payments = /^\/v1\/orders\/([^/]+)\/payments\/?$/.exec(path);
    const refund = /^\/v1\/refunds\/([^/]+)\/?$/.exec(path);
    if (req.method === 'POST' && path === '/v1/orders') {
      return this.createOrder(body);
    } else if (req.method === 'GET' && payments) {
      const orderId = decodeURIComponent(payments[1]);
      if (!this.orders.has(orderId)) return badRequest('The id provided does not exist');
      const items = this.payments.get(orderId) ?? [];
      return { status: 200, body: { entity: 'collection', count: items.length, items: [...items].reverse() /* newest first */ } };
    } else if (req.method === 'GET' && refund) {
      const found = this.refundsById.get(decodeURIComponent(refund[1]));
      if (!found) return { status: 404, body: razorpayError('BAD_REQUEST_ERROR', 'The id provided does not exist') };
      return { status: 200, body: found };
    }
    return badRequest('The requested URL was not found on the server.');
  }

  /** POST /v1/payments/{id}/refund: the idempotency rules around the refund itself. */
  private async refundRequest(paymentId: string, body: unknown, key: string | string[] | undefined, delayMs: number): Promise<Answer> {
    if (key === undefined) {
      // Razorpay takes a refund without the header; only then is a retry a second refund.
      if (delayMs > 0) await sleep(delayMs);
      return this.createRefund(paymentId, body);
    }
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
      return badRequest('The idempotency key must be at least 10 characters of letters, numbers, hyphens and underscores.');
    }
    if (this.keysInProgress.has(key)) {
      return {
        status: 409,
        body: razorpayError('BAD_REQUEST_ERROR', 'A request with the same idempotency key is still being processed.'),
      };
    }
    const request = JSON.stringify(canonical({ paymentId, body }));
    const earlier = this.idempotencyKeys.get(key);
    if (earlier) {
      if (earlier.request !== request) return badRequest('Different request with the same idempotency key has already been processed.');
      return { status: 200, body: this.refundsById.get(earlier.refundId) };
    }
    this.keysInProgress.add(key);
    try {
      if (delayMs > 0) await sleep(delayMs);
      const answer = this.createRefund(paymentId, body);
      // Only a refund made claims the key: a refused request did nothing, and is refused again.
      if (answer.status === 200) this.idempotencyKeys.set(key, { request, refundId: (answer.body as StandInRefund).id });
      return answer;
    } finally {
      this.keysInProgress.delete(key);
    }
  }

  private createRefund(paymentId: string, body: unknown): Answer {
    if (body !== undefined && (!body || typeof body !== 'object' || Array.isArray(body))) {
      return badRequest('The request body must be a JSON object.');
    }
    const input = (body ?? {}) as Record<string, unknown>;
    const extra = Object.keys(input).filter((name) => !REFUND_FIELDS.includes(name));
    if (extra.length > 0) return badRequest(`${extra.join(', ')} is/are not required and should not be sent`, extra[0]);
    const { amount, speed, receipt, notes } = input;
    if (amount !== undefined && (typeof amount !== 'number' || !Number.isInteger(amount))) {
      return badRequest('The amount must be an integer.', 'amount');
    }
    if (typeof amount === 'number' && amount <= 0) return badRequest('The amount must be greater than 0.', 'amount');
    if (speed !== undefined && speed !== 'normal' && speed !== 'optimum') return badRequest('The selected speed is invalid.', 'speed');
    if (receipt !== undefined && receipt !== null && (typeof receipt !== 'string' || receipt.length > 40)) {
      return badRequest('receipt: the length must be no more than 40.', 'receipt');
    }
    if (notes !== undefined && !validNotes(notes)) {
      return badRequest('notes must be an object of at most 15 keys, each value at most 256 characters.', 'notes');
    }

    const payment = this.payment(paymentId);
    if (!payment) return badRequest('The id provided does not exist');
    if (payment.status === 'refunded') return badRequest('The payment has been fully refunded already');
    if (payment.status !== 'captured') return badRequest('Only payments which have been captured can be refunded');
    const left = payment.amount - payment.amount_refunded;
    const refundAmount = typeof amount === 'number' ? amount : left;
    if (refundAmount > left) return badRequest('The refund amount provided is greater than amount captured', 'amount');

    const refund: StandInRefund = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount: refundAmount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: notes && Object.keys(notes as object).length > 0 ? (notes as Record<string, string>) : [],
      receipt: typeof receipt === 'string' ? receipt : null,
      acquirer_data: { arn: null },
      created_at: Math.floor(Date.now() / 1000),
      batch_id: null,
      status: this.refundStatus,
      speed_processed: 'normal',
      speed_requested: speed === 'optimum' ? 'optimum' : 'normal',
    };
    this.refundsById.set(refund.id, refund);
    if (refund.status !== 'failed') {
      payment.amount_refunded += refund.amount;
      updateRefundState(payment);
    }
    return { status: 200, body: refund };
  }

  private createOrder(body: unknown): Answer {
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const { amount, currency, receipt, notes } = input;
    // Razorpay refuses a field its Orders API does not have; `expire_by` among them (it is Payment
    // Links' and Invoices', not Orders': an order with Standard Checkout never expires at Razorpay).
    const unknown = Object.keys(input).find((field) => !ORDER_FIELDS.has(field));
    if (unknown !== undefined) return badRequest(`${unknown} is/are not required and should not be sent`, unknown);
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      return badRequest('The amount must be an integer.', 'amount');
    }
    if (amount < 100) {
      return badRequest('Order amount less than minimum amount allowed', 'amount');
    }
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
      return badRequest('The currency must be a valid currency code.', 'currency');
    }
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
      return badRequest('receipt: the length must be no more than 40.', 'receipt');
    }
    const order: StandInOrder = {
      id: razorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: (receipt as string | undefined) ?? null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      // Razorpay answers an empty notes object as [] (a PHP-ism), so do we.
      notes: notes && typeof notes === 'object' && Object.keys(notes).length > 0 ? (notes as Record<string, string>) : [],
      created_at: Math.floor(Date.now() / 1000),
    };
    this.orders.set(order.id, order);
    return { status: 200, body: order };
  }
}

/** The fields of Razorpay's POST /v1/orders (its API reference and the SDK's RazorpayOrderCreateRequestBody). */
const ORDER_FIELDS = new Set([
  'amount',
  'currency',
  'receipt',
  'notes',
  'partial_payment',
  'first_payment_min_amount',
  'offer_id',
  'method',
  'bank_account',
  'customer_id',
  'token',
  'payment',
  'payment_capture',
  'transfers',
  'line_items',
  'line_items_total',
  'rto_review',
  'phonepe_switch_context',
]);

function badRequest(description: string, field?: string): Answer {
  return { status: 400, body: razorpayError('BAD_REQUEST_ERROR', description, field ? { field } : {}) };
}

/** Razorpay's notes: at most 15 keys, each a text (or number) of at most 256 characters. */
function validNotes(notes: unknown): boolean {
  if (!notes || typeof notes !== 'object' || Array.isArray(notes)) return false;
  const values = Object.values(notes);
  return values.length <= 15 && values.every((v) => (typeof v === 'string' || typeof v === 'number') && String(v).length <= 256);
}

/**
 * A payment's refund fields after its refunds changed: `amount_refunded` counts pending and
 * processed refunds; a payment moves to `refunded` only when all of it is refunded.
 */
function updateRefundState(payment: StandInPayment): void {
  const full = payment.amount_refunded >= payment.amount;
  payment.refund_status = payment.amount_refunded === 0 ? null : full ? 'full' : 'partial';
  if (full) payment.status = 'refunded';
  else if (payment.status === 'refunded') payment.status = 'captured';
}

/** The same JSON whatever the order of object keys, so a repeat is compared by content. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function basicAuth(req: IncomingMessage): RecordedRequest['auth'] {
  const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { keyId: decoded.slice(0, colon), keySecret: decoded.slice(colon + 1) };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json' });
  res.end(text);
}

/** Starts a stand-in; the caller stops it (`await standIn.stop()`). */
export function startRazorpayStandIn(credentials: { keyId: string; keySecret: string }): Promise<RazorpayStandIn> {
  return RazorpayStandIn.start(credentials);
}

/** For the gateway specs: a stand-in and a RazorpayGateway against it, both with STAND_IN_KEYS; the caller stops the stand-in. */
export async function startStandInGateway(timeoutMs: number): Promise<{ standIn: RazorpayStandIn; gateway: RazorpayGateway }> {
  const standIn = await startRazorpayStandIn(STAND_IN_KEYS);
  return { standIn, gateway: new RazorpayGateway(standInPaymentsConfig({ apiUrl: standIn.url }), { timeoutMs }) };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';

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
  refund_status: null;
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

type Scripted =
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: 'hang' }
  | { kind: 'close' };

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay's ids: a prefix and 14 alphanumerics, e.g. `order_Np0fJ3Fq2yXz9A`. */
function razorpayId(prefix: 'order' | 'pay'): string {
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

/**
 * A local stand-in for the part of Razorpay's REST API v1 that the `razorpay` SDK calls for us
 * (create an order, list an order's payments), so the Razorpay gateway is tested with the real SDK
 * over real HTTP and no internet. It checks Basic auth like Razorpay (401 in Razorpay's error
 * shape), keeps orders in memory, lets a test script payments and failures (an error status, a
 * request that never gets an answer, a dropped connection) and records every request it received.
 * It is a test double, not an emulator: it speaks the shapes, not Razorpay's full rules.
 */
export class RazorpayStandIn {
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[] = [];
  private readonly orders = new Map<string, StandInOrder>();
  private readonly payments = new Map<string, StandInPayment[]>();
  private readonly script: Scripted[] = [];
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    private readonly credentials: { keyId: string; keySecret: string },
  ) {}

  /** Listens on 127.0.0.1 on a free port; requests must carry these credentials. */
  static async start(credentials: { keyId: string; keySecret: string }): Promise<RazorpayStandIn> {
    const server = createServer();
    const standIn = new RazorpayStandIn(server, credentials);
    server.on('request', (req, res) => standIn.handle(req, res).catch(() => res.destroy()));
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

  /** The next request is received and recorded but never answered (until stop), to test timeouts. */
  hangNext(): void {
    this.script.push({ kind: 'hang' });
  }

  /** The next request is received and recorded, then its connection is destroyed without an answer. */
  closeNext(): void {
    this.script.push({ kind: 'close' });
  }

  order(orderId: string): StandInOrder | undefined {
    return this.orders.get(orderId);
  }

  /**
   * Adds a payment attempt to an order, as if the customer had paid (or tried to) in checkout.
   * Defaults: the order's amount and currency; a failed payment gets Razorpay's failure fields.
   */
  addPayment(
    orderId: string,
    payment: { status: StandInPayment['status']; amount?: number; currency?: string; errorDescription?: string },
  ): StandInPayment {
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
      refund_status: null,
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
    if (scripted?.kind === 'close') {
      req.socket.destroy();
      return;
    }
    if (scripted?.kind === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (scripted?.kind === 'answer') {
      send(res, scripted.status, scripted.body);
      return;
    }

    const auth = this.requests[this.requests.length - 1].auth;
    if (!auth || auth.keyId !== this.credentials.keyId || auth.keySecret !== this.credentials.keySecret) {
      send(res, 401, razorpayError('BAD_REQUEST_ERROR', 'Authentication failed'));
      return;
    }

    const path = (req.url ?? '').split('?')[0];
    const payments = /^\/v1\/orders\/([^/]+)\/payments\/?$/.exec(path);
    if (req.method === 'POST' && path === '/v1/orders') {
      this.createOrder(res, body);
    } else if (req.method === 'GET' && payments) {
      const orderId = decodeURIComponent(payments[1]);
      if (!this.orders.has(orderId)) {
        send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'The id provided does not exist'));
        return;
      }
      const items = this.payments.get(orderId) ?? [];
      send(res, 200, { entity: 'collection', count: items.length, items: [...items].reverse() /* newest first */ });
    } else {
      send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.'));
    }
  }

  private createOrder(res: ServerResponse, body: unknown): void {
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const { amount, currency, receipt, notes } = input;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'The amount must be an integer.', { field: 'amount' }));
      return;
    }
    if (amount < 100) {
      send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'Order amount less than minimum amount allowed', { field: 'amount' }));
      return;
    }
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
      send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'The currency must be a valid currency code.', { field: 'currency' }));
      return;
    }
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
      send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'receipt: the length must be no more than 40.', { field: 'receipt' }));
      return;
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
    send(res, 200, order);
  }
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

import { Logger } from '@nestjs/common';
import Razorpay from 'razorpay';
import type { PaymentsConfig } from '../../../../platform/config/app-config';
import { AppError } from '../../../../platform/errors/app-error';
import {
  PaymentGateway,
  RefundCallError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type NewGatewayOrder,
  type NewGatewayRefund,
} from '../../application/payment-gateway.port';

/** How long one call to Razorpay may take before the customer is told to try again. */
export const RAZORPAY_TIMEOUT_MS = 10_000;

/** What the customer reads when Razorpay cannot be reached, times out or fails on its side. */
export const GATEWAY_UNREACHABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a minute.';
/** Razorpay could not be reached, or answered what the gateway cannot read (502). */
const gatewayUnreachable = () => new AppError('bad_gateway', GATEWAY_UNREACHABLE_MESSAGE, 'gateway_unavailable');
/** What the customer reads when Razorpay refuses our request (4xx: wrong keys, a bad field...). */
export const GATEWAY_REFUSED_MESSAGE = 'Payments are unavailable right now. Please try again later.';

const PAYMENT_STATES: ReadonlyArray<GatewayPayment['status']> = ['created', 'authorized', 'captured', 'refunded', 'failed'];
const REFUND_STATES: ReadonlyArray<GatewayRefund['status']> = ['pending', 'processed', 'failed'];

/** Razorpay's ids are a prefix and alphanumerics; anything else never reaches a URL path. */
const PAYMENT_ID = /^pay_[A-Za-z0-9]+$/;
const REFUND_ID = /^rfnd_[A-Za-z0-9]+$/;
/** The port's idempotency key: 10–50 letters, digits, `-` and `_` (Razorpay's X-Refund-Idempotency rule). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,50}$/;
/** Razorpay's descriptions are short; a longer one (a proxy's page) is cut for the staff message. */
const DESCRIPTION_MAX = 300;

/**
 * The little of the SDK's HTTP client we touch: `instance.api.rq`, an axios instance the SDK
 * creates with Razorpay's base URL hard-coded and no timeout. It is not in the SDK's types.
 */
interface SdkHttpClient {
  defaults: { baseURL?: string; timeout?: number };
  interceptors: { response: { use(onFulfilled: null, onRejected: (error: unknown) => unknown): number } };
  post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: unknown }>;
}

/** How the SDK rejects (`{ statusCode, error }`, its normalizeError), once our interceptor has run. */
interface SdkFailure {
  statusCode: number;
  error?: { code?: unknown; description?: unknown };
}

/**
 * The SDK's error handler reads `error.response.status` and `error.response.data.error`, and when
 * there is no response (connection refused or dropped, timeout) it crashes with a TypeError that
 * hides the cause. This interceptor runs before it and always hands it that shape: Razorpay's own
 * error body when there is one, else a description of what went wrong, with status 0 for "no
 * answer". Only plain values are kept, never axios' request config (it holds the key secret).
 */
function toSdkReadableError(error: unknown): Promise<never> {
  const failure = (error ?? {}) as { code?: unknown; message?: unknown; response?: { status?: unknown; data?: unknown } };
  const response = failure.response;
  if (response && typeof response.status === 'number') {
    const data = response.data as { error?: { code?: unknown; description?: unknown } } | null | undefined;
    const providerError =
      data && typeof data === 'object' && data.error && typeof data.error === 'object'
        ? { code: String(data.error.code ?? ''), description: String(data.error.description ?? '') }
        : { code: 'UNEXPECTED_ANSWER', description: `HTTP ${response.status} without Razorpay's error body` };
    return Promise.reject({ response: { status: response.status, data: { error: providerError } } });
  }
  const code = typeof failure.code === 'string' ? failure.code : 'NO_ANSWER';
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  return Promise.reject({ response: { status: 0, data: { error: { code, description: message } } } });
}

function isSdkFailure(error: unknown): error is SdkFailure {
  return typeof error === 'object' && error !== null && typeof (error as SdkFailure).statusCode === 'number';
}

/**
 * The failure of a call, whether it went through the SDK (normalised by its normalizeError) or
 * straight through `api.rq` (our interceptor's `{ response: { status, data: { error } } }`); null
 * for anything else (the SDK threw before sending).
 */
function failureOf(error: unknown): SdkFailure | null {
  if (isSdkFailure(error)) return error;
  const response = (error as { response?: { status?: unknown; data?: { error?: SdkFailure['error'] } } } | null)?.response;
  if (response && typeof response.status === 'number') return { statusCode: response.status, error: response.data?.error };
  return null;
}

function textField(record: Record<string, unknown>, name: string): string {
  const value = record[name];
  if (typeof value !== 'string' || !value) throw new Error(`"${name}" is not a non-empty string`);
  return value;
}

function integerField(record: Record<string, unknown>, name: string): number {
  const value = record[name];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`"${name}" is not an integer`);
  return value;
}

function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/**
 * PaymentGateway on Razorpay's Orders and Refunds APIs through the official `razorpay` SDK. The SDK
 * always talks to https://api.razorpay.com with no timeout and crashes on network errors, so this
 * adapter points its axios instance at `payments.apiUrl` when set (the specs use a local stand-in),
 * gives every call a timeout, and turns every failure (no answer, timeout, 4xx, 5xx, an answer of
 * the wrong shape) of an order call into AppError('bad_gateway', <human message>,
 * 'gateway_unavailable'); the provider's detail goes to the log, never to the customer. A refund
 * call fails with RefundCallError (`rejected` or `unclear`, the port's rule) and a message for staff.
 * The key secret is never in a message or the log.
 */
export class RazorpayGateway extends PaymentGateway {
  readonly provider = 'razorpay' as const;
  readonly keyId: string;
  private readonly sdk: Razorpay;
  /** The SDK's own axios instance, for the one request the SDK cannot make (see refund). */
  private readonly http: SdkHttpClient;
  /** Kept only to scrub it from anything Razorpay (or a proxy) sends back before it is shown or logged. */
  private readonly keySecret: string;
  private readonly logger = new Logger('RazorpayGateway');

  constructor(config: PaymentsConfig, options: { timeoutMs?: number } = {}) {
    super();
    this.keyId = config.keyId;
    this.keySecret = config.keySecret;
    this.sdk = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
    const http = (this.sdk as unknown as { api?: { rq?: SdkHttpClient } }).api?.rq;
    if (!http?.defaults || !http.interceptors || typeof http.post !== 'function') {
      // Fail at start rather than run without a timeout or against the wrong host.
      throw new Error('The razorpay SDK no longer exposes its HTTP client as api.rq; update RazorpayGateway');
    }
    if (config.apiUrl) http.defaults.baseURL = config.apiUrl;
    http.defaults.timeout = options.timeoutMs ?? RAZORPAY_TIMEOUT_MS;
    http.interceptors.response.use(null, toSdkReadableError);
    this.http = http;
  }

  /**
   * POST /v1/orders with amount (minor units of the currency), currency, receipt and notes. No
   * `expire_by`: that is Payment Links' and Invoices' field; the Orders API refuses it with
   * Standard Checkout, and an order there never expires by itself (razorpay/razorpay-node#426).
   * The order's lifetime is therefore ours (docs/payments.md#order-lifetime): the browser opens Checkout
   * with a `timeout` ending with it, and a payment that still comes in later is honoured only at
   * the same price, else refunded in full (CompletePayment).
   */
  createOrder(input: NewGatewayOrder): Promise<GatewayOrder> {
    return this.call(
      'create an order',
      () => this.sdk.orders.create({ amount: input.amount, currency: input.currency, receipt: input.receipt, notes: input.notes }),
      (answer) => {
        const order = asRecord(answer, 'the order');
        return {
          id: textField(order, 'id'),
          amount: integerField(order, 'amount'),
          currency: textField(order, 'currency'),
        };
      },
    );
  }

  paymentsOf(orderId: string): Promise<GatewayPayment[]> {
    return this.call(
      `list the payments of ${orderId}`,
      () => this.sdk.orders.fetchPayments(orderId),
      (answer) => {
        const items = asRecord(answer, 'the payment list').items;
        if (!Array.isArray(items)) throw new Error('"items" is not a list');
        return items.map((item) => this.toPayment(asRecord(item, 'a payment'), orderId));
      },
    );
  }

  private toPayment(payment: Record<string, unknown>, orderId: string): GatewayPayment {
    const id = textField(payment, 'id');
    const reported = textField(payment, 'status');
    let status = reported as GatewayPayment['status'];
    if (!PAYMENT_STATES.includes(status)) {
      // A state Razorpay added after this code: not money we can count on, so "not paid yet".
      this.logger.warn(`Razorpay reported payment ${id} in an unknown state "${reported}"; treating it as created`);
      status = 'created';
    }
    const errorDescription = payment.error_description;
    const createdAt = payment.created_at;
    return {
      id,
      orderId: typeof payment.order_id === 'string' ? payment.order_id : orderId,
      status,
      amount: integerField(payment, 'amount'),
      currency: textField(payment, 'currency'),
      errorDescription: typeof errorDescription === 'string' && errorDescription ? errorDescription : null,
      createdAt: typeof createdAt === 'number' && Number.isSafeInteger(createdAt) && createdAt > 0 ? new Date(createdAt * 1000) : null,
    };
  }

  /**
   * Razorpay's normal refund (docs/refunds.md): POST /v1/payments/{id}/refund with the
   * X-Refund-Idempotency header, so the reconciler's retry after an unclear answer returns the same
   * refund instead of making a second one.
   */
  async refund(input: NewGatewayRefund): Promise<GatewayRefund> {
    if (!PAYMENT_ID.test(input.paymentId)) {
      const why = `${quoted(input.paymentId)} is not a Razorpay payment id`;
      throw new RefundCallError('rejected', `The refund was not sent to Razorpay: ${why}.`);
    }
    if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
      // Razorpay would take a refund without the header, and a retry of it would refund twice.
      throw new RefundCallError('rejected', 'The refund was not sent to Razorpay: its idempotency key is not 10 to 50 letters, digits, hyphens or underscores.');
    }
    const body = { amount: input.amount, speed: 'normal', receipt: input.receipt, notes: input.notes };
    return this.refundCall(
      {
        subject: `the refund of ${input.paymentId}`,
        refused: 'Razorpay refused the refund',
        unclear: 'The refund may have been made; it stays pending and is sent again with the same idempotency key.',
      },
      // Not the SDK's payments.refund: its API class takes no per-request headers, and the headers
      // given when the client is built pass getValidHeaders, which keeps only X-Razorpay-Account and
      // Content-Type, so X-Refund-Idempotency would never be sent. api.rq is the axios instance the
      // SDK itself uses: it carries the Basic auth, the base URL, the timeout and our error
      // interceptor, and takes the header for this one request.
      () =>
        this.http.post(`/v1/payments/${input.paymentId}/refund`, body, { headers: { 'X-Refund-Idempotency': input.idempotencyKey } }).then((response) => response.data),
      (answer) => {
        const refund = this.toRefund(answer);
        if (refund.paymentId !== input.paymentId) {
          throw new Error(`the refund is of payment ${quoted(refund.paymentId)}, not ${input.paymentId}`);
        }
        if (refund.amount !== input.amount) throw new Error(`the refund is of ${refund.amount}, not ${input.amount}`);
        return refund;
      },
    );
  }

  /** GET /v1/refunds/{id} through the SDK's refunds.fetch; same errors as refund. */
  async refundState(gatewayRefundId: string): Promise<GatewayRefund> {
    if (!REFUND_ID.test(gatewayRefundId)) {
      throw new RefundCallError('rejected', `Razorpay was not asked: ${quoted(gatewayRefundId)} is not a Razorpay refund id.`);
    }
    return this.refundCall(
      {
        subject: `the state of refund ${gatewayRefundId}`,
        refused: `Razorpay refused to report the state of refund ${gatewayRefundId}`,
        unclear: 'The refund keeps the state it had; Razorpay is asked again later.',
      },
      () => this.sdk.refunds.fetch(gatewayRefundId),
      (answer) => {
        const refund = this.toRefund(answer);
        if (refund.id !== gatewayRefundId) throw new Error(`the answer is refund ${quoted(refund.id)}, not ${gatewayRefundId}`);
        return refund;
      },
    );
  }

  private toRefund(answer: unknown): GatewayRefund {
    const refund = asRecord(answer, 'the refund');
    const id = textField(refund, 'id');
    if (!REFUND_ID.test(id)) throw new Error(`"id" ${quoted(id)} is not a Razorpay refund id`);
    const paymentId = textField(refund, 'payment_id');
    const amount = integerField(refund, 'amount');
    const currency = textField(refund, 'currency');
    const reported = textField(refund, 'status');
    let status = reported as GatewayRefund['status'];
    if (!REFUND_STATES.includes(status)) {
      // A state Razorpay added after this code: not final as far as we know, so "still on its way".
      this.logger.warn(`Razorpay reported refund ${id} in an unknown state ${quoted(this.redact(reported))}; treating it as pending`);
      status = 'pending';
    }
    return { id, paymentId, amount, currency, status };
  }

  /**
   * Runs one refund call. Razorpay's 4xx (other than 409 and 429) is a refusal: nothing was done.
   * Anything else that is not a readable answer is unclear: Razorpay may have acted (docs/refunds.md).
   * Messages are sentences for staff (the admin Refunds view); the key secret is scrubbed from them.
   */
  private async refundCall(
    words: { subject: string; refused: string; unclear: string },
    request: () => Promise<unknown>,
    map: (answer: unknown) => GatewayRefund,
  ): Promise<GatewayRefund> {
    let answer: unknown;
    try {
      answer = await request();
    } catch (error) {
      throw this.refundFailure(words, error);
    }
    try {
      return map(answer);
    } catch (error) {
      const reason = this.redact((error as Error).message);
      this.logger.warn(`Razorpay answered ${words.subject} with an unexpected body: ${reason}`);
      throw new RefundCallError('unclear', `Razorpay's answer to ${words.subject} could not be read (${reason}). ${words.unclear}`);
    }
  }

  private refundFailure(words: { subject: string; refused: string; unclear: string }, error: unknown): RefundCallError {
    const failure = failureOf(error);
    if (!failure) {
      // The SDK threw before any request, or crashed in its own error handler.
      const reason = this.redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      this.logger.warn(`Razorpay could not be asked ${words.subject}: ${reason}`);
      return new RefundCallError('unclear', `Razorpay could not be asked ${words.subject} (${reason}). ${words.unclear}`);
    }
    const status = failure.statusCode;
    const description = this.redact(sentence(failure));
    const detail = this.redact(describe(failure));
    if (status >= 400 && status < 500 && status !== 409 && status !== 429) {
      const hint = status === 401 ? ' (check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET)' : '';
      this.logger.warn(`Razorpay refused ${words.subject}: HTTP ${status} ${detail}${hint}`);
      return new RefundCallError('rejected', `${words.refused}: ${description}`);
    }
    this.logger.warn(`Razorpay gave no usable answer to ${words.subject}: ${status === 0 ? 'no answer' : `HTTP ${status}`}, ${detail}`);
    let what: string;
    if (status === 0) what = `Razorpay did not answer ${words.subject}: ${description}`;
    else if (status === 409) what = `Razorpay is still working on an earlier request for ${words.subject} (HTTP 409): ${description}`;
    else if (status === 429) what = `Razorpay turned down ${words.subject} for now: too many requests (HTTP 429): ${description}`;
    else if (status >= 500) what = `Razorpay failed on its side with ${words.subject} (HTTP ${status}): ${description}`;
    else what = `Razorpay answered ${words.subject} with HTTP ${status}: ${description}`;
    return new RefundCallError('unclear', `${what} ${words.unclear}`);
  }

  /** The key secret never leaves this class, even when an answer (or a proxy's page) echoes it. */
  private redact(text: string): string {
    return this.keySecret ? text.split(this.keySecret).join('[key secret]') : text;
  }

  /** Runs one SDK call; any failure, thrown or rejected, and any unreadable answer becomes an AppError. */
  private async call<T>(action: string, request: () => Promise<unknown>, map: (answer: unknown) => T): Promise<T> {
    let answer: unknown;
    try {
      answer = await request();
    } catch (error) {
      throw this.unavailable(action, error);
    }
    try {
      return map(answer);
    } catch (error) {
      this.logger.warn(`Razorpay answered "${action}" with an unexpected body: ${(error as Error).message}`);
      throw gatewayUnreachable();
    }
  }

  private unavailable(action: string, error: unknown): AppError {
    if (isSdkFailure(error) && error.statusCode >= 400 && error.statusCode < 500) {
      const hint = error.statusCode === 401 ? ' (check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET)' : '';
      this.logger.error(`Razorpay refused to ${action}: HTTP ${error.statusCode} ${describe(error)}${hint}`);
      return new AppError('bad_gateway', GATEWAY_REFUSED_MESSAGE, 'gateway_unavailable');
    }
    if (isSdkFailure(error)) {
      const what = error.statusCode === 0 ? 'no answer' : `HTTP ${error.statusCode}`;
      this.logger.warn(`Razorpay could not ${action}: ${what}, ${describe(error)}`);
    } else {
      // The SDK threw before any request, or crashed in its own error handler.
      this.logger.warn(`Razorpay could not ${action}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
    return gatewayUnreachable();
  }
}

/** Razorpay's description as the end of a sentence: trimmed, cut when long, with a full stop. */
function sentence(failure: SdkFailure): string {
  const description = typeof failure.error?.description === 'string' ? failure.error.description.trim() : '';
  const code = typeof failure.error?.code === 'string' && failure.error.code ? failure.error.code : 'no error description';
  let text = description || code;
  if (text.length > DESCRIPTION_MAX) text = `${text.slice(0, DESCRIPTION_MAX).trimEnd()}…`;
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** An id or word from outside, quoted and cut, for a message (it may be anything, even empty). */
function quoted(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

function describe(failure: SdkFailure): string {
  const code = typeof failure.error?.code === 'string' && failure.error.code ? failure.error.code : 'no code';
  const description = typeof failure.error?.description === 'string' ? failure.error.description : '';
  return description ? `${code}: ${description}` : code;
}

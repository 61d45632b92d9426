import { Logger } from '@nestjs/common';
import Razorpay from 'razorpay';
import type { PaymentsConfig } from '../../../../platform/config/app-config';
import { AppError } from '../../../../platform/errors/app-error';
import {
  PaymentGateway,
  type GatewayOrder,
  type GatewayPayment,
  type NewGatewayOrder,
} from '../../application/payment-gateway.port';

/** How long one call to Razorpay may take before the customer is told to try again. */
export const RAZORPAY_TIMEOUT_MS = 10_000;

/** What the customer reads when Razorpay cannot be reached, times out or fails on its side. */
export const GATEWAY_UNREACHABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a minute.';
/** What the customer reads when Razorpay refuses our request (4xx: wrong keys, a bad field...). */
export const GATEWAY_REFUSED_MESSAGE = 'Payments are unavailable right now. Please try again later.';

const PAYMENT_STATES: ReadonlyArray<GatewayPayment['status']> = ['created', 'authorized', 'captured', 'refunded', 'failed'];

/**
 * The little of the SDK's HTTP client we touch: `instance.api.rq`, an axios instance the SDK
 * creates with Razorpay's base URL hard-coded and no timeout. It is not in the SDK's types.
 */
interface SdkHttpClient {
  defaults: { baseURL?: string; timeout?: number };
  interceptors: { response: { use(onFulfilled: null, onRejected: (error: unknown) => unknown): number } };
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
 * PaymentGateway on Razorpay's Orders API through the official `razorpay` SDK. The SDK always talks
 * to https://api.razorpay.com with no timeout and crashes on network errors, so this adapter points
 * its axios instance at `payments.apiUrl` when set (the specs use a local stand-in), gives every
 * call a timeout, and turns every failure (no answer, timeout, 4xx, 5xx, an answer of the wrong
 * shape) into AppError('bad_gateway', <human message>, 'gateway_unavailable'). The provider's
 * detail goes to the log, never the key secret and never to the customer.
 */
export class RazorpayGateway extends PaymentGateway {
  readonly provider = 'razorpay' as const;
  readonly keyId: string;
  private readonly sdk: Razorpay;
  private readonly logger = new Logger('RazorpayGateway');

  constructor(config: PaymentsConfig, options: { timeoutMs?: number } = {}) {
    super();
    this.keyId = config.keyId;
    this.sdk = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
    const http = (this.sdk as unknown as { api?: { rq?: SdkHttpClient } }).api?.rq;
    if (!http?.defaults || !http.interceptors) {
      // Fail at start rather than run without a timeout or against the wrong host.
      throw new Error('The razorpay SDK no longer exposes its HTTP client as api.rq; update RazorpayGateway');
    }
    if (config.apiUrl) http.defaults.baseURL = config.apiUrl;
    http.defaults.timeout = options.timeoutMs ?? RAZORPAY_TIMEOUT_MS;
    http.interceptors.response.use(null, toSdkReadableError);
  }

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
    return {
      id,
      orderId: typeof payment.order_id === 'string' ? payment.order_id : orderId,
      status,
      amount: integerField(payment, 'amount'),
      currency: textField(payment, 'currency'),
      errorDescription: typeof errorDescription === 'string' && errorDescription ? errorDescription : null,
    };
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
      throw new AppError('bad_gateway', GATEWAY_UNREACHABLE_MESSAGE, 'gateway_unavailable');
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
    return new AppError('bad_gateway', GATEWAY_UNREACHABLE_MESSAGE, 'gateway_unavailable');
  }
}

function describe(failure: SdkFailure): string {
  const code = typeof failure.error?.code === 'string' && failure.error.code ? failure.error.code : 'no code';
  const description = typeof failure.error?.description === 'string' ? failure.error.description : '';
  return description ? `${code}: ${description}` : code;
}

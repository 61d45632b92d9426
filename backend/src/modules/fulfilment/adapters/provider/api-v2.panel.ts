import { Logger } from '@nestjs/common';
import type { FulfilmentConfig } from '../../../../platform/config/app-config';
import {
  CONNECTION_CLOSED_MESSAGE,
  PROVIDER_ERROR_CHARS,
  ProviderError,
  ProviderPanel,
  STATUS_BATCH,
  UPSTREAM_ORDER_ID,
  type ProviderOrderStatus,
  type ProviderService,
} from '../../application/provider-panel.port';
import { boundedText, quoted } from '../../domain/bounded-text';

/** What an order id the provider left out of a `status` answer reads as. */
export const NOT_REPORTED = 'The provider did not report this order';
/** What a refill id the provider left out of a `refill_status` answer reads as. */
export const REFILL_NOT_REPORTED = 'The provider did not report this refill';

/**
 * What panels without an action answer when asked for it, with HTTP 200 (docs/refill.md): "this
 * panel does not do that", not a failure to retry.
 */
const NO_SUCH_ACTION = /^(incorrect request|request invalid|invalid request|incorrect action|invalid action|unknown action)\.?$/i;

/**
 * Error codes of a request that never reached the provider: nothing was sent, so trying again is
 * safe. Anything else that goes wrong on the way (a reset or closed connection, a timeout) may
 * happen after the provider read the request.
 */
const NOTHING_SENT: ReadonlyMap<string, string> = new Map([
  ['ECONNREFUSED', 'connection refused'],
  ['ENOTFOUND', 'unknown host'],
  ['EAI_AGAIN', 'the host name could not be looked up'],
  ['EHOSTUNREACH', 'host unreachable'],
  ['ENETUNREACH', 'network unreachable'],
  ['UND_ERR_CONNECT_TIMEOUT', 'no connection could be opened'],
  ['CERT_HAS_EXPIRED', 'its TLS certificate has expired'],
  ['DEPTH_ZERO_SELF_SIGNED_CERT', 'its TLS certificate is self-signed'],
  ['SELF_SIGNED_CERT_IN_CHAIN', 'its TLS certificate is not trusted'],
  ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'its TLS certificate is not trusted'],
  ['ERR_TLS_CERT_ALTNAME_INVALID', 'its TLS certificate is for another host'],
]);

/**
 * The most characters of any text read from an answer (a status word, a service name, a currency).
 * Texts are bounded here, as they are read: a panel's 5 MiB status text never travels further.
 * What is kept of them is the domain's business (a status text is kept to 100, docs/fulfilment.md).
 */
export const TEXT_CHARS = 1_000;
/** A decimal longer than this is not a price or a balance anyone means. */
const DECIMAL_CHARS = 64;
/** A service's name (staff read it in the mapping list and on each task), its type and category. */
const SERVICE_NAME_CHARS = 300;
const SERVICE_WORD_CHARS = 100;
/** A currency code ('USD'); a longer text is cut. */
const CURRENCY_CHARS = 10;
/** An error's message (our sentence and the provider's words, PROVIDER_ERROR_CHARS of them). */
const MESSAGE_CHARS = 600;

/**
 * The largest answer read (a `services` list of thousands of entries is a few MiB). A larger one is
 * not read to the end: a broken or hostile panel cannot fill the server's memory.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** The body as text, up to `limit` bytes; null (and the rest not read) when it is longer. */
async function bodyText(response: Response, limit: number): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** '15 s', '1.5 s', '300 ms'. */
function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** An own property of a parsed answer (never one of Object.prototype's: `constructor`, `__proto__`…). */
function own(record: Json, name: string): unknown {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/**
 * An id the provider sent as a number or as text (UPSTREAM_ORDER_ID: letters, digits, - _ . :, at
 * most 64); null when missing, empty or of any other shape.
 */
function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && UPSTREAM_ORDER_ID.test(value.trim())) return value.trim();
  return null;
}

/** Plain text, bounded (control characters removed, at most `max` characters), or null when missing, empty or not text. */
function optionalText(value: unknown, max = TEXT_CHARS): string | null {
  if (typeof value === 'string') return boundedText(value, max);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Whether a value was sent at all (not missing, null or blank text): one that cannot be read is then worth naming. */
function sent(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && !value.trim());
}

/** A decimal sent as text ('0.90', kept as written) or as a number (0.9 → '0.9'); null otherwise (or longer than 64 characters). */
function decimalText(value: unknown): string | null {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.length > DECIMAL_CHARS) return null;
    return /^-?\d+(\.\d+)?$/.test(text) ? text : /^-?\.\d+$/.test(text) ? text.replace('.', '0.') : null;
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    const text = String(value);
    // 1e-7 and the like: write the digits out, then drop the trailing zeros.
    return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text;
  }
  return null;
}

/** A whole number sent as a number or as text ('0', '-12'); null otherwise. Negative values are kept. */
function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && value.length <= DECIMAL_CHARS && /^-?\d+$/.test(value.trim())) {
    const number = Number(value.trim());
    return Number.isSafeInteger(number) ? number : null;
  }
  return null;
}

/** true/false, 1/0, '1'/'0', 'true'/'false', 'yes'/'no'; anything else (or missing) is false. */
function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value === 'string') return ['1', 'true', 'yes'].includes(value.trim().toLowerCase());
  return false;
}

/** The error text of an `{error}` answer (or entry), as sent (bounded where it is shown, after the key is removed), or null when it is not one. */
function errorText(value: unknown): string | null {
  const error = isRecord(value) ? own(value, 'error') : undefined;
  if (error === null || error === undefined || error === false) return null;
  const text = typeof error === 'string' ? error : (JSON.stringify(error) ?? '');
  return text.trim() ? text : 'no reason given';
}

/** The code of a failed fetch: on its cause, or on the first of several attempts (several addresses). */
function failureCode(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown; errors?: Array<{ code?: unknown }> } } | null)?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * ProviderPanel over the "API v2" that provider panels share: one URL, a form-encoded POST with
 * `key` and `action` per call, JSON answers, errors as `{error: "…"}` with HTTP 200. Every call has
 * a timeout (PROVIDER_TIMEOUT_MS). Failures become ProviderErrors by what may have happened
 * upstream (see the port): nothing sent → `unreachable`; `{error}` → `rejected`; a timeout, an HTTP
 * error status or an answer of the wrong shape → `unclear`. Numbers and text are read loosely,
 * because panels send numbers as strings or numbers. The key never reaches a message or the log.
 */
export class ApiV2Panel extends ProviderPanel {
  readonly name = 'api-v2';
  readonly enabled = true;
  private readonly url: string;
  private readonly key: string;
  /** The longest one call can take before it is given up (PROVIDER_TIMEOUT_MS). */
  private readonly callTimeoutMs: number;
  readonly callOverAfterMs: number;
  private readonly logger = new Logger('ProviderPanel');

  constructor(config: Pick<FulfilmentConfig, 'url' | 'key' | 'timeoutMs' | 'abandonMarginMs'>) {
    super();
    if (!config.url || !config.key) throw new Error('ApiV2Panel needs PROVIDER_URL and PROVIDER_KEY');
    this.url = config.url;
    this.key = config.key;
    this.callTimeoutMs = config.timeoutMs;
    this.callOverAfterMs = config.timeoutMs + config.abandonMarginMs;
  }

  async services(): Promise<ProviderService[]> {
    const answer = await this.call('services', {});
    if (!Array.isArray(answer)) throw this.unclear('services', 'The provider sent a service list that is not a list', answer);
    const services: ProviderService[] = [];
    let skipped = 0;
    for (const item of answer) {
      const service = isRecord(item) ? idText(own(item, 'service')) : null;
      const min = isRecord(item) ? wholeNumber(own(item, 'min')) : null;
      const max = isRecord(item) ? wholeNumber(own(item, 'max')) : null;
      // A negative min, or a max under the min, cannot be a range anyone orders in.
      if (!isRecord(item) || service === null || min === null || max === null || min < 0 || max < min) {
        skipped++;
        continue;
      }
      const rate = decimalText(own(item, 'rate'));
      services.push({
        service,
        name: this.text(own(item, 'name'), SERVICE_NAME_CHARS) ?? '',
        type: this.text(own(item, 'type'), SERVICE_WORD_CHARS) ?? '',
        category: this.text(own(item, 'category'), SERVICE_WORD_CHARS) ?? '',
        rate: rate !== null && !rate.startsWith('-') ? rate : '',
        min,
        max,
        refill: flag(own(item, 'refill')),
        cancel: flag(own(item, 'cancel')),
      });
    }
    if (skipped > 0) this.logger.warn(`The provider's service list has ${skipped} entries without a service id, min or max; they are left out`);
    return services;
  }

  async add(order: { service: string; link: string; quantity: number }): Promise<string> {
    const answer = await this.call('add', { service: order.service, link: order.link, quantity: String(order.quantity) });
    const sentId = isRecord(answer) ? own(answer, 'order') : undefined;
    const id = idText(sentId);
    if (id !== null) return id;
    if (!sent(sentId)) throw this.unclear('add', 'The provider answered without an order id', answer);
    throw this.unclear('add', `The provider answered with an order id that cannot be one (${this.shown(sentId)})`, answer);
  }

  async statuses(upstreamOrderIds: string[]): Promise<Map<string, ProviderOrderStatus | { error: string }>> {
    if (upstreamOrderIds.length > STATUS_BATCH) {
      throw new Error(`ApiV2Panel.statuses takes at most ${STATUS_BATCH} order ids per call, got ${upstreamOrderIds.length}`);
    }
    const result = new Map<string, ProviderOrderStatus | { error: string }>();
    if (upstreamOrderIds.length === 0) return result;
    const answer = await this.call('status', { orders: upstreamOrderIds.join(',') });
    if (!isRecord(answer)) throw this.unclear('status', 'The provider sent statuses that are not a map of orders', answer);
    // Some panels answer one id asked through `orders` with the single-order shape.
    const single = upstreamOrderIds.length === 1 && !Object.hasOwn(answer, upstreamOrderIds[0]) && Object.hasOwn(answer, 'status');
    for (const id of upstreamOrderIds) result.set(id, this.orderStatus(single ? answer : own(answer, id)));
    return result;
  }

  async balance(): Promise<{ balance: string; currency: string }> {
    const answer = await this.call('balance', {});
    const balance = isRecord(answer) ? decimalText(own(answer, 'balance')) : null;
    if (!isRecord(answer) || balance === null) throw this.unclear('balance', 'The provider sent a balance that is not a number', answer);
    return { balance, currency: this.text(own(answer, 'currency'), CURRENCY_CHARS) ?? '' };
  }

  async refill(upstreamOrderId: string): Promise<string> {
    let answer: unknown;
    try {
      answer = await this.call('refill', { order: upstreamOrderId });
    } catch (error) {
      if (error instanceof ProviderError && error.failure === 'rejected' && NO_SUCH_ACTION.test(error.message.trim())) {
        throw new ProviderError('rejected', error.message, false, true);
      }
      throw error;
    }
    const sentId = isRecord(answer) ? own(answer, 'refill') : undefined;
    const id = idText(sentId);
    if (id !== null) return id;
    // Some panels answer a single order in the shape of the multi-order answer.
    if (isRecord(sentId) && errorText(sentId) !== null) throw this.error('rejected', 'refill', this.words(errorText(sentId) as string));
    if (!sent(sentId)) throw this.unclear('refill', 'The provider answered without a refill id', answer);
    throw this.unclear('refill', `The provider answered with a refill id that cannot be one (${this.shown(sentId)})`, answer);
  }

  async refillStatuses(upstreamRefillIds: string[]): Promise<Map<string, { status: string | null } | { error: string }>> {
    if (upstreamRefillIds.length > STATUS_BATCH) {
      throw new Error(`ApiV2Panel.refillStatuses takes at most ${STATUS_BATCH} refill ids per call, got ${upstreamRefillIds.length}`);
    }
    const result = new Map<string, { status: string | null } | { error: string }>();
    if (upstreamRefillIds.length === 0) return result;
    let answer: unknown;
    try {
      answer = await this.call('refill_status', { refills: upstreamRefillIds.join(',') });
    } catch (error) {
      if (error instanceof ProviderError && error.failure === 'rejected' && NO_SUCH_ACTION.test(error.message.trim())) {
        throw new ProviderError('rejected', error.message, false, true);
      }
      throw error;
    }
    // Entries by id: an array of {refill, status} (the documented shape), a map keyed by id, or,
    // for one id, the single-refill shape {status}.
    const entries = new Map<string, unknown>();
    if (Array.isArray(answer)) {
      for (const item of answer) {
        const id = isRecord(item) ? idText(own(item, 'refill')) : null;
        if (id !== null && !entries.has(id)) entries.set(id, own(item as Json, 'status'));
      }
    } else if (isRecord(answer)) {
      if (upstreamRefillIds.length === 1 && Object.hasOwn(answer, 'status') && !Object.hasOwn(answer, upstreamRefillIds[0])) {
        entries.set(upstreamRefillIds[0], own(answer, 'status'));
      } else {
        for (const key of Object.keys(answer)) {
          const entry = own(answer, key);
          entries.set(key.trim(), isRecord(entry) && Object.hasOwn(entry, 'status') ? own(entry, 'status') : entry);
        }
      }
    } else {
      throw this.unclear('refill_status', 'The provider sent refill statuses that are neither a list nor a map', answer);
    }
    for (const id of upstreamRefillIds) {
      const status = entries.has(id) ? entries.get(id) : undefined;
      if (status === undefined || status === null) {
        result.set(id, { error: REFILL_NOT_REPORTED });
        continue;
      }
      const error = errorText(status);
      if (error !== null) result.set(id, { error: this.words(error) });
      else if (typeof status === 'string' || typeof status === 'number') result.set(id, { status: this.text(status, TEXT_CHARS) });
      else result.set(id, { error: `The provider sent an unreadable refill status (${this.shown(status)})` });
    }
    return result;
  }

  private orderStatus(entry: unknown): ProviderOrderStatus | { error: string } {
    if (entry === undefined || entry === null) return { error: NOT_REPORTED };
    const error = errorText(entry);
    if (error !== null) return { error: this.words(error) };
    if (!isRecord(entry)) return { error: 'The provider sent an unreadable status for this order' };
    const unreadable: string[] = [];
    /** A field's value read by `read`; one that was sent but cannot be read is named for staff. */
    const field = <T>(name: string, read: (value: unknown) => T | null): T | null => {
      const value = own(entry, name);
      const readValue = read(value);
      if (readValue === null && sent(value)) unreadable.push(`${name} ${this.shown(value)}`);
      return readValue;
    };
    const status: ProviderOrderStatus = {
      status: field('status', (value) => this.text(value, TEXT_CHARS)),
      charge: field('charge', decimalText),
      currency: field('currency', (value) => this.text(value, TEXT_CHARS)),
      startCount: field('start_count', wholeNumber),
      remains: field('remains', wholeNumber),
    };
    return unreadable.length ? { ...status, unreadable } : status;
  }

  /** One POST; resolves with the parsed JSON unless it is `{error}`. Every failure is a ProviderError. */
  private async call(action: string, params: Record<string, string>): Promise<unknown> {
    const body = new URLSearchParams({ key: this.key, action, ...params });
    let status: number;
    let text: string | null;
    let location: string | null;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body,
        // Never followed: a 307/308 would send the key (in the body) to wherever it points.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.callTimeoutMs),
      });
      status = response.status;
      location = response.headers.get('location');
      text = await bodyText(response, MAX_ANSWER_BYTES);
    } catch (error) {
      throw this.transportFailure(action, error);
    }
    if (text === null) return this.fail('unclear', action, `The provider sent an answer over ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`, null);
    if (status >= 300 && status <= 399) {
      const target = location ? ` to ${location.slice(0, 200)}` : '';
      return this.fail('unclear', action, `The provider answered HTTP ${status} (a redirect${target}, not followed: set PROVIDER_URL to the panel's API address)`, null);
    }
    if (status < 200 || status > 299) {
      let reason = '';
      try {
        const sentReason = errorText(JSON.parse(text));
        reason = sentReason === null ? '' : this.words(sentReason);
      } catch {
        // Not JSON (a proxy's HTML page, say): the status says enough.
      }
      return this.fail('unclear', action, `The provider answered HTTP ${status}${reason ? `: ${reason}` : ''}`, text);
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      return this.fail('unclear', action, 'The provider sent an answer that is not JSON', text);
    }
    const refusal = errorText(answer);
    if (refusal !== null) return this.fail('rejected', action, this.words(refusal), null);
    return answer;
  }

  private transportFailure(action: string, error: unknown): ProviderError {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return this.error('unclear', action, `The provider did not answer within ${duration(this.callTimeoutMs)}`, null, true);
    }
    const code = failureCode(error);
    const nothingSent = code === null ? undefined : NOTHING_SENT.get(code);
    if (nothingSent !== undefined) {
      return this.error('unreachable', action, `The provider could not be reached (${nothingSent}: ${new URL(this.url).host})`);
    }
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') {
      return this.error('unclear', action, CONNECTION_CLOSED_MESSAGE);
    }
    const detail = code ?? (error instanceof Error ? error.message : String(error));
    return this.error('unclear', action, `The call to the provider failed (${boundedText(detail, PROVIDER_ERROR_CHARS) ?? 'no reason given'})`);
  }

  private unclear(action: string, message: string, answer: unknown): ProviderError {
    // Only the start of the answer is logged: stringify a bounded sample, not a 16 MiB list.
    const sample = Array.isArray(answer) ? answer.slice(0, 5) : answer;
    return this.error('unclear', action, message, JSON.stringify(sample) ?? String(sample));
  }

  private fail(failure: ProviderError['failure'], action: string, message: string, body: string | null): never {
    throw this.error(failure, action, message, body);
  }

  /**
   * The error (callers log its message). When the answer itself was the problem, the start of it goes
   * to the log here, for whoever has to find out what the provider sent. The key is removed from both.
   */
  private error(failure: ProviderError['failure'], action: string, message: string, body: string | null = null, timedOut = false): ProviderError {
    // The key out first, then cut: a key the cut went through would be left in part.
    const safe = boundedText(this.redact(message), MESSAGE_CHARS) ?? failure;
    if (body !== null) {
      this.logger.warn(`Provider call "${action}" failed, ${failure}: ${safe}; the answer began ${JSON.stringify(this.redact(body.slice(0, 64 * 1024)).slice(0, 300))}`);
    }
    return new ProviderError(failure, safe, timedOut);
  }

  /** The provider's words (an error it sent), without the key, cut to PROVIDER_ERROR_CHARS. */
  private words(text: string): string {
    return boundedText(this.redact(text), PROVIDER_ERROR_CHARS) ?? 'no reason given';
  }

  /** Text the provider sent, without the key, bounded to `max` characters (see optionalText). */
  private text(value: unknown, max: number): string | null {
    return optionalText(typeof value === 'string' ? this.redact(value) : value, max);
  }

  /** A value the provider sent, quoted for staff, without the key. */
  private shown(value: unknown): string {
    return quoted(value, 40, (text) => this.redact(text));
  }

  /** A provider may echo what it was sent: never let the key out in a message or the log. */
  private redact(text: string): string {
    return this.key.length >= 4 ? text.split(this.key).join('[key]') : text;
  }
}

import { Logger } from '@nestjs/common';
import type { FulfilmentConfig } from '../../../../platform/config/app-config';
import {
  ProviderError,
  ProviderPanel,
  STATUS_BATCH,
  type ProviderOrderStatus,
  type ProviderService,
} from '../../application/provider-panel.port';

/** What an order id the provider left out of a `status` answer reads as. */
export const NOT_REPORTED = 'The provider did not report this order';

/**
 * Error codes of a request that never reached the provider: nothing was sent, so trying again is
 * safe. Anything else that goes wrong on the way (a reset or closed connection, a timeout) may
 * happen after the provider read the request.
 */
const NOTHING_SENT: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'unknown host',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'no connection could be opened',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host',
};

/**
 * The largest answer read (a `services` list of thousands of entries is a few MiB). A larger one is
 * not read to the end: a broken or hostile panel cannot fill the server's memory.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** The body as text, up to `limit` bytes; null (and the rest not read) when it is longer. */
async function boundedText(response: Response, limit: number): Promise<string | null> {
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

/** An id the provider sent as a number or as text; null when missing or empty. */
function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && value.trim()) return value.trim();
  return null;
}

/** Plain text, or null when missing, empty or not text. */
function optionalText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A decimal sent as text ('0.90', kept as written) or as a number (0.9 → '0.9'); null otherwise. */
function decimalText(value: unknown): string | null {
  if (typeof value === 'string') {
    const text = value.trim();
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
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) {
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

/** The error text of an `{error}` answer (or entry), or null when it is not one. */
function errorText(value: unknown): string | null {
  if (!isRecord(value) || !('error' in value) || value.error === null || value.error === undefined || value.error === false) {
    return null;
  }
  const text = typeof value.error === 'string' ? value.error.trim() : JSON.stringify(value.error);
  return text || 'no reason given';
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
  readonly callTimeoutMs: number;
  private readonly logger = new Logger('ProviderPanel');

  constructor(config: Pick<FulfilmentConfig, 'url' | 'key' | 'timeoutMs'>) {
    super();
    if (!config.url || !config.key) throw new Error('ApiV2Panel needs PROVIDER_URL and PROVIDER_KEY');
    this.url = config.url;
    this.key = config.key;
    this.callTimeoutMs = config.timeoutMs;
  }

  async services(): Promise<ProviderService[]> {
    const answer = await this.call('services', {});
    if (!Array.isArray(answer)) throw this.unclear('services', 'The provider sent a service list that is not a list', answer);
    const services: ProviderService[] = [];
    let skipped = 0;
    for (const item of answer) {
      const service = isRecord(item) ? idText(item.service) : null;
      const min = isRecord(item) ? wholeNumber(item.min) : null;
      const max = isRecord(item) ? wholeNumber(item.max) : null;
      if (!isRecord(item) || service === null || min === null || max === null) {
        skipped++;
        continue;
      }
      services.push({
        service,
        name: optionalText(item.name) ?? '',
        type: optionalText(item.type) ?? '',
        category: optionalText(item.category) ?? '',
        rate: decimalText(item.rate) ?? '',
        min,
        max,
        refill: flag(item.refill),
        cancel: flag(item.cancel),
      });
    }
    if (skipped > 0) this.logger.warn(`The provider's service list has ${skipped} entries without a service id, min or max; they are left out`);
    return services;
  }

  async add(order: { service: string; link: string; quantity: number }): Promise<string> {
    const answer = await this.call('add', { service: order.service, link: order.link, quantity: String(order.quantity) });
    const id = isRecord(answer) ? idText(answer.order) : null;
    if (id === null) throw this.unclear('add', 'The provider answered without an order id', answer);
    return id;
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
    const single = upstreamOrderIds.length === 1 && !(upstreamOrderIds[0] in answer) && 'status' in answer;
    for (const id of upstreamOrderIds) {
      const entry = single ? answer : Object.prototype.hasOwnProperty.call(answer, id) ? answer[id] : undefined;
      result.set(id, this.orderStatus(entry));
    }
    return result;
  }

  async balance(): Promise<{ balance: string; currency: string }> {
    const answer = await this.call('balance', {});
    const balance = isRecord(answer) ? decimalText(answer.balance) : null;
    if (!isRecord(answer) || balance === null) throw this.unclear('balance', 'The provider sent a balance that is not a number', answer);
    return { balance, currency: optionalText(answer.currency) ?? '' };
  }

  private orderStatus(entry: unknown): ProviderOrderStatus | { error: string } {
    if (entry === undefined || entry === null) return { error: NOT_REPORTED };
    const error = errorText(entry);
    if (error !== null) return { error: this.redact(error) };
    if (!isRecord(entry)) return { error: 'The provider sent an unreadable status for this order' };
    return {
      status: optionalText(entry.status),
      charge: decimalText(entry.charge),
      currency: optionalText(entry.currency),
      startCount: wholeNumber(entry.start_count),
      remains: wholeNumber(entry.remains),
    };
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
      text = await boundedText(response, MAX_ANSWER_BYTES);
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
        reason = errorText(JSON.parse(text)) ?? '';
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
    if (refusal !== null) return this.fail('rejected', action, refusal, null);
    return answer;
  }

  private transportFailure(action: string, error: unknown): ProviderError {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return this.error('unclear', action, `The provider did not answer within ${duration(this.callTimeoutMs)}`);
    }
    const code = failureCode(error);
    if (code !== null && code in NOTHING_SENT) {
      return this.error('unreachable', action, `The provider could not be reached (${NOTHING_SENT[code]}: ${new URL(this.url).host})`);
    }
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') {
      return this.error('unclear', action, 'The provider closed the connection without answering');
    }
    const detail = code ?? (error instanceof Error ? error.message : String(error));
    return this.error('unclear', action, `The call to the provider failed (${detail})`);
  }

  private unclear(action: string, message: string, answer: unknown): ProviderError {
    return this.error('unclear', action, message, JSON.stringify(answer) ?? String(answer));
  }

  private fail(failure: ProviderError['failure'], action: string, message: string, body: string | null): never {
    throw this.error(failure, action, message, body);
  }

  /**
   * The error (callers log its message). When the answer itself was the problem, the start of it goes
   * to the log here, for whoever has to find out what the provider sent. The key is removed from both.
   */
  private error(failure: ProviderError['failure'], action: string, message: string, body: string | null = null): ProviderError {
    const safe = this.redact(message);
    if (body !== null) {
      this.logger.warn(`Provider call "${action}" failed, ${failure}: ${safe}; the answer began ${JSON.stringify(this.redact(body.slice(0, 300)))}`);
    }
    return new ProviderError(failure, safe);
  }

  /** A provider may echo what it was sent: never let the key out in a message or the log. */
  private redact(text: string): string {
    return this.key.length >= 4 ? text.split(this.key).join('[key]') : text;
  }
}

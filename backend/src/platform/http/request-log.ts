import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { AppConfig } from '../config/app-config';

const MESSAGE = 'request completed';
/** pino's numbers of the levels an access line uses. */
const LEVEL_NUMBERS = { info: 30, warn: 40, error: 50 } as const;

/** The request's part of an access line (method and URL, JSON-escaped), for `accessLine`. */
export type LoggedRequest = string & { readonly __loggedRequest: true };

/**
 * Query parameters whose value is a secret a link carries (the admin's "stop e-mail change" link,
 * sign-in and reset tokens): whoever reads the log must not be able to use it.
 */
const SECRET_PARAMS = /([?&](?:stop-email-change|token|reset-token|code)=)[^&#]*/gi;

/** The URL as the access log writes it: secrets in its query string replaced by [redacted]. */
export function loggedUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
}

/** The middleware's serializers: method, the URL with its secrets redacted, the status. */
export const ACCESS_SERIALIZERS = {
  req: (req: { method: string; url: string }) => ({ method: req.method, url: loggedUrl(req.url) }),
  res: (res: { statusCode: number }) => ({ status: res.statusCode }),
};

/** Builds the request's part of an access line; the fast lane keeps it with each URL it knows. */
export function loggedRequest(method: string, url: string): LoggedRequest {
  return `,"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(loggedUrl(url))}},"res":{"status":` as LoggedRequest;
}

/**
 * One access line as pino writes it for the middleware (base fields off): level, time, reqId, req,
 * res, ms, msg, in that order, every text JSON-escaped (the request id may be the client's own).
 */
export function accessLine(level: number, time: number, requestId: string, request: LoggedRequest, status: number, ms: number): string {
  return `{"level":${level},"time":${time},"reqId":${JSON.stringify(requestId)}${request}${status}},"ms":${ms},"msg":"${MESSAGE}"}\n`;
}

/**
 * The log's lines gathered into one write of at least `batchBytes` characters (or whatever has come
 * when `flush` is called): what pino and the fast lane write go through it in their order, so the
 * lines stay in the order they were logged.
 */
export class LineBatcher {
  private pending: string[] = [];
  private size = 0;

  constructor(
    private readonly destination: { write(text: string): unknown; flushSync(): void },
    private readonly batchBytes: number,
  ) {}

  write(line: string): boolean {
    this.pending.push(line);
    this.size += line.length;
    if (this.size >= this.batchBytes) this.flush();
    return true;
  }

  /** Hands what has gathered to the destination (which writes it without waiting). */
  flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.length === 1 ? this.pending[0] : this.pending.join('');
    this.pending = [];
    this.size = 0;
    this.destination.write(text);
  }

  /** Writes out everything, the destination's buffer too, before returning (shutdown). */
  flushSync(): void {
    this.flush();
    this.destination.flushSync();
  }
}

/** The request id: the caller's X-Request-Id when it sends one (trimmed), else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return (typeof given === 'string' && given.slice(0, 64)) || randomUUID();
}

/**
 * The access log: one structured (JSON) line per finished request with its id, method, URL,
 * status and duration, and the id echoed in X-Request-Id. The Express middleware logs every
 * request that goes through the stack; `record` logs one that was answered before it (the fast
 * lane) with the same line.
 */
@Injectable()
export class RequestLog implements OnApplicationShutdown {
  readonly logger: Logger;
  readonly middleware: HttpLogger;
  private readonly flushTimer: NodeJS.Timeout;
  private readonly lines: LineBatcher;

  constructor(config: AppConfig) {
    // Lines reach the destination in batches of about 4 KiB, at the latest every 250 ms and at
    // shutdown: one write per ~20 busy requests instead of one each, while a quiet console still shows
    // each line within a quarter second. The batching is ours (LineBatcher), not the destination's:
    // sonic-boom measures the byte length of its whole pending buffer at every write, which on the
    // fast lane cost 6% of the CPU when every line was handed to it on its own.
    const destination = pino.destination({ sync: false, minLength: 0 });
    this.lines = new LineBatcher(destination, 4096);
    this.logger = pino({ level: config.logLevel, base: undefined }, this.lines);
    this.flushTimer = setInterval(() => this.lines.flush(), 250);
    this.flushTimer.unref();
    this.middleware = pinoHttp({
      logger: this.logger,
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const id = requestIdOf(req);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      quietReqLogger: true,
      customAttributeKeys: { responseTime: 'ms' },
      serializers: ACCESS_SERIALIZERS,
      customSuccessMessage: () => MESSAGE,
      // A 5xx is one access line too. pino-http would attach a made-up Error with a stack of its own
      // internals; the real error, with its stack, is logged once by the exception filter.
      customErrorMessage: () => MESSAGE,
      customErrorObject: (_req, _res, _error, value: Record<string, unknown>) => {
        const { err: _err, ...line } = value;
        return line;
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    });
  }

  /** Writes out the lines still buffered. */
  onApplicationShutdown(): void {
    clearInterval(this.flushTimer);
    this.lines.flushSync();
  }

  /**
   * Logs a request answered outside the Express stack (the fast lane), the middleware's line to the
   * byte, written straight to the log's destination: on the hottest routes pino's object
   * serialisation of the line cost twice the time of building the same JSON text here. `request`
   * is the line's request part when the caller keeps it (built from `req` otherwise).
   */
  record(req: IncomingMessage, res: ServerResponse, requestId: string, startedAt: number, request?: LoggedRequest): void {
    const status = res.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (!this.logger.isLevelEnabled(level)) return;
    const now = Date.now();
    const logged = request ?? loggedRequest(req.method ?? '', req.url ?? '');
    this.lines.write(accessLine(LEVEL_NUMBERS[level], now, requestId, logged, status, now - startedAt));
  }
}

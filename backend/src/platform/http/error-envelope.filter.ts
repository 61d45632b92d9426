import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { AppError, type AppErrorKind } from '../errors/app-error';
import { describeDatabaseError, redactedStack } from '../database/redacted-sql-log';
import { isDatabaseUnavailable } from '../errors/database-unavailable';

const STATUS_OF: Record<AppErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  bad_gateway: HttpStatus.BAD_GATEWAY,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

const CODE_OF_STATUS: Record<number, string> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  502: 'bad_gateway',
  503: 'unavailable',
};

export interface ErrorBody {
  success: false;
  message: string;
  error: string;
}

/** Seconds a client is asked to wait (Retry-After) when a service the app needs is down. */
export const RETRY_AFTER_SECONDS = 5;
/** Retry-After of a 429 whose error names no time of its own. */
export const RATE_LIMITED_RETRY_AFTER_SECONDS = 60;
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/**
 * PostgreSQL data exceptions that only bad input causes (a value the column cannot hold): a 400 with a
 * human message, as a safety net behind validation (which should have refused the value first).
 */
const DATA_EXCEPTIONS: Record<string, string> = {
  // invalid_byte_sequence, e.g. a NUL byte in text
  '22021': 'The request contains characters that cannot be stored.',
  // invalid_text_representation, e.g. 'abc' for a uuid or an integer
  '22P02': 'A value in the request is not in the expected format.',
  // string_data_right_truncation
  '22001': 'A value in the request is too long.',
  // numeric_value_out_of_range
  '22003': 'A number in the request is out of range.',
};

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** Extra response headers (Retry-After on a 503 and on every 429). */
  headers?: Record<string, string>;
}

/**
 * An error raised by Express middleware before any handler ran, about the request itself: the body
 * parsers (raw-body, zlib), in the http-errors way: a 4xx `status`, `expose: true` (the message may
 * be shown), and a `type` when body-parser or raw-body made it. A decompression error from zlib has
 * no type: body-parser only gives it status 400.
 */
interface RequestError {
  status: number;
  type?: string;
  encoding?: string;
  charset?: string;
}

function requestErrorOf(exception: unknown): RequestError | undefined {
  const error = exception as Partial<RequestError> & { expose?: boolean; statusCode?: number };
  if (typeof error !== 'object' || error === null) return undefined;
  const status = error.status ?? error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  return error.type !== undefined || error.expose === true ? { ...error, status } : undefined;
}

/** What the client should change, for each way the body parsers refuse a request. */
function requestErrorMessage(error: RequestError, request: Request | undefined): string {
  switch (error.type) {
    case 'entity.parse.failed':
      return 'The request body is not valid JSON.';
    case 'entity.too.large':
      return 'The request body is too large.';
    case 'encoding.unsupported':
      return `Content-Encoding "${error.encoding ?? request?.headers['content-encoding']}" is not supported: send the body as it is, or compressed with gzip, deflate or br.`;
    case 'charset.unsupported':
      return `The charset "${String(error.charset).toUpperCase()}" is not supported: send the body as UTF-8.`;
    case 'request.size.invalid':
      return 'The request body does not have the length its Content-Length announced.';
    case 'request.aborted':
      return 'The request was aborted before its body arrived.';
    case 'parameters.too.many':
      return 'The request body has too many fields.';
    case undefined: // an untyped refusal: read below
  }
  const encoding = String(request?.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (error.type === undefined && error.status === 400 && encoding !== 'identity') {
    // body-parser decompresses gzip, deflate and br itself (any other encoding is encoding.unsupported):
    // an untyped 400 is zlib refusing the bytes (a bad header, corrupt data, a body cut short).
    return `The request body could not be decompressed: it is not valid ${encoding} data.`;
  }
  return 'The request could not be read.';
}

/** A positive whole number of seconds, as Retry-After wants it. */
function retryAfter(seconds: number | undefined): number {
  return seconds !== undefined && Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : RATE_LIMITED_RETRY_AFTER_SECONDS;
}

/**
 * Turns anything thrown into the error envelope `{ success: false, message, error }` with a fitting
 * status. Expected failures carry their own human message; anything unexpected is logged with its
 * stack and answered with a plain 500 that reveals nothing of the inside.
 */
export function toErrorResponse(exception: unknown, logger: Logger, request?: Request): ErrorResponse {
  const where = `${request?.method} ${request?.originalUrl}`;
  if (exception instanceof AppError) {
    const status = STATUS_OF[exception.kind];
    return {
      status,
      body: { success: false, message: exception.message, error: exception.code },
      ...(status === 503 ? { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } } : {}),
      ...(status === 429 ? { headers: { 'Retry-After': String(retryAfter(exception.retryAfterSeconds)) } } : {}),
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    let message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    if (Array.isArray(message)) message = message.join('; ');
    if (status === 404 && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)/.test(String(message)) && request) {
      message = `There is no ${request.method} ${request.originalUrl.split('?')[0]} in this API.`;
    }
    if (status >= 500) logger.error(exception.message, exception.stack);
    return {
      status,
      body: { success: false, message: String(message ?? exception.message), error: CODE_OF_STATUS[status] ?? 'error' },
    };
  }
  const clientError = requestErrorOf(exception);
  if (clientError) {
    // The client's doing, found before any handler ran: its access-log line (a 4xx, at warn) is enough.
    const message = requestErrorMessage(clientError, request);
    return { status: clientError.status, body: { success: false, message, error: CODE_OF_STATUS[clientError.status] ?? 'invalid' } };
  }
  const sqlState = exception instanceof QueryFailedError ? (exception.driverError as { code?: string })?.code : undefined;
  if (sqlState === '23505') {
    return { status: 409, body: { success: false, message: 'This record already exists.', error: 'conflict' } };
  }
  if (sqlState && DATA_EXCEPTIONS[sqlState]) {
    // Validation let the value through: worth a look, but the caller sent it, so a 400.
    // Described, not quoted: PostgreSQL's message repeats the refused value.
    logger.warn(`Database refused a value on ${where}: ${describeDatabaseError(exception)}`);
    return { status: 400, body: { success: false, message: DATA_EXCEPTIONS[sqlState], error: 'invalid' } };
  }
  if (isDatabaseUnavailable(exception)) {
    logger.error(`Database unavailable on ${where}: ${exception instanceof QueryFailedError ? describeDatabaseError(exception) : (exception as Error).message}`);
    return {
      status: 503,
      body: { success: false, message: UNAVAILABLE_MESSAGE, error: 'unavailable' },
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    };
  }
  if (exception instanceof RangeError) {
    // A stack overflow on input nested too deeply for a recursive library, a length or date out of
    // range: the input's doing, never worth a 500. Logged with its stack, since validation missed it.
    logger.warn(`${exception.message} on ${where}`, exception.stack);
    const message = /call stack/i.test(exception.message) ? 'The request is nested too deeply.' : 'A value in the request is out of range.';
    return { status: 400, body: { success: false, message, error: 'invalid' } };
  }
  const error = exception as Error;
  if (exception instanceof QueryFailedError) {
    logger.error(`Unexpected ${error.name} on ${where}: ${describeDatabaseError(error)}`, redactedStack(error));
  } else {
    logger.error(`Unexpected ${error?.name ?? 'error'} on ${where}: ${error?.message}`, error?.stack);
  }
  return {
    status: 500,
    body: { success: false, message: 'Something went wrong on our side. Please try again.', error: 'internal' },
  };
}

@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const { status, body, headers } = toErrorResponse(exception, this.logger, request);
    if (response.headersSent) {
      this.logger.error(`Error after the response started on ${request.method} ${request.originalUrl}: ${body.message}`);
      response.end();
      return;
    }
    if (headers) response.set(headers);
    response.status(status).json(body);
  }
}

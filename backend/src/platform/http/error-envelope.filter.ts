import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { AppError, type AppErrorKind } from '../errors/app-error';

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

/**
 * Turns anything thrown into the error envelope `{ success: false, message, error }` with a fitting
 * status. Expected failures carry their own human message; anything unexpected is logged with its
 * stack and answered with a plain 500 that reveals nothing of the inside.
 */
export function toErrorResponse(exception: unknown, logger: Logger, request?: Request): { status: number; body: ErrorBody } {
  if (exception instanceof AppError) {
    return { status: STATUS_OF[exception.kind], body: { success: false, message: exception.message, error: exception.code } };
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
  // Errors raised by Express's body parser before any handler ran (malformed JSON, too large).
  const parserError = exception as { type?: string; status?: number; expose?: boolean } | undefined;
  if (parserError?.type && parserError.status && parserError.status < 500) {
    const message =
      parserError.type === 'entity.parse.failed'
        ? 'The request body is not valid JSON.'
        : parserError.type === 'entity.too.large'
          ? 'The request body is too large.'
          : 'The request body could not be read.';
    return { status: parserError.status, body: { success: false, message, error: CODE_OF_STATUS[parserError.status] ?? 'invalid' } };
  }
  if (exception instanceof QueryFailedError && (exception.driverError as { code?: string })?.code === '23505') {
    return { status: 409, body: { success: false, message: 'This record already exists.', error: 'conflict' } };
  }
  const error = exception as Error;
  logger.error(`Unexpected ${error?.name ?? 'error'} on ${request?.method} ${request?.originalUrl}: ${error?.message}`, error?.stack);
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
    const { status, body } = toErrorResponse(exception, this.logger, request);
    if (response.headersSent) {
      this.logger.error(`Error after the response started on ${request.method} ${request.originalUrl}: ${body.message}`);
      response.end();
      return;
    }
    response.status(status).json(body);
  }
}

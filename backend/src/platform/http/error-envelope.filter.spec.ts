import { Logger } from '@nestjs/common';
import type { Request } from 'express';
import { ConnectionIsNotSetError, QueryFailedError, TypeORMError } from 'typeorm';
import { AppError } from '../errors/app-error';
import { isDatabaseUnavailable } from '../errors/database-unavailable';
import { toErrorResponse, UNAVAILABLE_MESSAGE } from './error-envelope.filter';

const logger = new Logger('test');
beforeAll(() => {
  jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
});

function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}
const queryFailed = (driverError: Error) => new QueryFailedError('SELECT 1 WHERE x = $1', ['?'], driverError);

describe('toErrorResponse', () => {
  it.each([
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00', 'The request contains characters that cannot be stored.'],
    ['22P02', 'invalid input syntax for type uuid: "not-a-uuid"', 'A value in the request is not in the expected format.'],
    ['22001', 'value too long for type character varying(100)', 'A value in the request is too long.'],
    ['22003', 'integer out of range', 'A number in the request is out of range.'],
  ])('answers PostgreSQL %s (%s) with 400 and a human message, never the database text', (code, text, message) => {
    const { status, body } = toErrorResponse(queryFailed(pgError(code, text)), logger);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, message, error: 'invalid' });
  });

  it('answers a stack overflow (RangeError) with 400, and other RangeErrors too', () => {
    let overflow: unknown;
    const recurse = (n: number): number => recurse(n + 1) + 1;
    try {
      recurse(0);
    } catch (error) {
      overflow = error;
    }
    expect(overflow).toBeInstanceOf(RangeError);
    expect(toErrorResponse(overflow, logger)).toEqual({
      status: 400,
      body: { success: false, message: 'The request is nested too deeply.', error: 'invalid' },
    });
    let invalidDate: unknown;
    try {
      new Date(Number.NaN).toISOString();
    } catch (error) {
      invalidDate = error;
    }
    expect(toErrorResponse(invalidDate, logger)).toEqual({
      status: 400,
      body: { success: false, message: 'A value in the request is out of range.', error: 'invalid' },
    });
  });

  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' });
  it.each([
    ['connection refused', refused],
    ['connection refused on every address (AggregateError)', Object.assign(new AggregateError([refused, refused], ''), { code: 'ECONNREFUSED' })],
    ['the server went away mid-query', queryFailed(new Error('Connection terminated unexpectedly'))],
    ['the server shutting down', queryFailed(pgError('57P01', 'terminating connection due to administrator command'))],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['a connection exception (class 08)', pgError('08006', 'connection failure')],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    ['a pool that was ended', new Error('Cannot use a pool after calling end on the pool')],
    ['TypeORM not connected', new ConnectionIsNotSetError('postgres')],
    ['TypeORM after DataSource.destroy()', new TypeORMError('Driver not Connected')],
    ['PGlite closed', queryFailed(new Error('PGlite is closed'))],
    ['the embedded pool closed', new Error('The PGlite pool has been closed')],
    ['a wrapped cause', new Error('load failed', { cause: refused })],
  ])('answers an unreachable database (%s) with 503 and Retry-After', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(toErrorResponse(error, logger)).toEqual({
      status: 503,
      body: { success: false, message: UNAVAILABLE_MESSAGE, error: 'unavailable' },
      headers: { 'Retry-After': '5' },
    });
  });

  it('keeps unexpected errors a plain 500, and a duplicate a 409', () => {
    expect(isDatabaseUnavailable(new Error('relation "x" does not exist'))).toBe(false);
    expect(toErrorResponse(queryFailed(pgError('42P01', 'relation "x" does not exist')), logger)).toMatchObject({ status: 500, body: { error: 'internal' } });
    expect(toErrorResponse(new TypeError('x is undefined'), logger)).toMatchObject({ status: 500, body: { error: 'internal' } });
    expect(toErrorResponse(queryFailed(pgError('23505', 'duplicate key')), logger)).toMatchObject({ status: 409 });
  });

  describe('errors of the body parsers (before any handler ran)', () => {
    const requestWith = (headers: Record<string, string>) => ({ method: 'POST', originalUrl: '/api/x', headers }) as unknown as Request;
    /** What body-parser hands on for a body zlib refuses: zlib's own error, given status 400 by http-errors. */
    const zlibError = (code: string, message: string) => Object.assign(new Error(message), { code, errno: -3, status: 400, statusCode: 400, expose: true });

    it.each([
      ['gzip', zlibError('Z_DATA_ERROR', 'incorrect header check')],
      ['deflate', zlibError('Z_BUF_ERROR', 'unexpected end of file')],
      ['br', zlibError('ERR__ERROR_FORMAT_PADDING_1', 'Decompression failed')],
    ])('answers a %s body zlib cannot decompress with 400 naming the encoding, and logs nothing', (encoding, error) => {
      const error_ = jest.spyOn(logger, 'error');
      error_.mockClear();
      expect(toErrorResponse(error, logger, requestWith({ 'content-encoding': encoding }))).toEqual({
        status: 400,
        body: { success: false, message: `The request body could not be decompressed: it is not valid ${encoding} data.`, error: 'invalid' },
      });
      expect(error_).not.toHaveBeenCalled();
    });

    it('answers the typed refusals with their own status and a message that says what to send', () => {
      const typed = (status: number, type: string, extra: object = {}) => Object.assign(new Error('x'), { status, expose: true, type, ...extra });
      const answer = (error: Error, headers: Record<string, string> = {}) => toErrorResponse(error, logger, requestWith(headers));
      expect(answer(typed(415, 'encoding.unsupported', { encoding: 'compress' }))).toEqual({
        status: 415,
        body: {
          success: false,
          message: 'Content-Encoding "compress" is not supported: send the body as it is, or compressed with gzip, deflate or br.',
          error: 'unsupported_media_type',
        },
      });
      expect(answer(typed(415, 'charset.unsupported', { charset: 'latin1' })).body.message).toBe('The charset "LATIN1" is not supported: send the body as UTF-8.');
      expect(answer(typed(400, 'entity.parse.failed')).body.message).toBe('The request body is not valid JSON.');
      expect(answer(typed(413, 'entity.too.large'), { 'content-encoding': 'gzip' })).toMatchObject({
        status: 413,
        body: { message: 'The request body is too large.', error: 'too_large' },
      });
      expect(answer(typed(400, 'request.size.invalid')).body.message).toBe('The request body does not have the length its Content-Length announced.');
      expect(answer(typed(400, 'request.aborted')).body.message).toBe('The request was aborted before its body arrived.');
    });

    it("answers any other 4xx that Express middleware marks as the client's (expose) with its status, and keeps a 5xx a 500", () => {
      const exposed = Object.assign(new Error('aborted'), { code: 'ECONNRESET', status: 400, expose: true });
      expect(toErrorResponse(exposed, logger, requestWith({}))).toEqual({
        status: 400,
        body: { success: false, message: 'The request could not be read.', error: 'invalid' },
      });
      const serverSide = Object.assign(new Error('stream encoding should not be set'), { status: 500, expose: false, type: 'stream.encoding.set' });
      expect(toErrorResponse(serverSide, logger, requestWith({}))).toMatchObject({ status: 500, body: { error: 'internal' } });
      // A status alone, without expose or a type, proves nothing about who was at fault.
      expect(toErrorResponse(Object.assign(new Error('x'), { status: 404 }), logger, requestWith({}))).toMatchObject({ status: 500 });
    });
  });

  it('sends Retry-After with an AppError of kind unavailable', () => {
    expect(toErrorResponse(new AppError('unavailable', 'Mail is down.'), logger)).toEqual({
      status: 503,
      body: { success: false, message: 'Mail is down.', error: 'unavailable' },
      headers: { 'Retry-After': '5' },
    });
  });
});

import { Writable } from 'node:stream';
import pino from 'pino';
import { accessLine } from './request-log';

/** What pino writes for a line of these fields, with the RequestLog's logger options (base fields off). */
function pinoLine(level: 'info' | 'warn' | 'error', fields: object, time: number): string {
  let written = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  const logger = pino({ level: 'info', base: undefined, timestamp: () => `,"time":${time}` }, sink);
  logger[level](fields, 'request completed');
  return written;
}

describe('accessLine (the fast lane written straight to the log)', () => {
  it.each([
    ['info', 30, 200, 'b3c1a1e2-7d7e-4c59-9a36-1f0e0f7d2c11', 'GET', '/api/services/getAll?page=1&limit=100'],
    ['warn', 40, 404, 'given-by-the-client', 'HEAD', '/api/plans/caf%C3%A9'],
    ['error', 50, 503, 'quote " backslash \\ newline \n tab \t', 'POST', '/api/plan/getByName?"x"=</script>\u2028'],
  ] as const)('is the byte-for-byte line pino writes at %s, escapes and all', (level, number, status, requestId, method, url) => {
    const fields = { reqId: requestId, req: { method, url }, res: { status }, ms: 3 };
    const expected = pinoLine(level, fields, 1_795_572_127_210);
    expect(accessLine(number, 1_795_572_127_210, requestId, method, url, status, 3)).toBe(expected);
    expect(JSON.parse(expected)).toEqual({ level: number, time: 1_795_572_127_210, ...fields, msg: 'request completed' });
  });
});

import { Writable } from 'node:stream';
import pino from 'pino';
import { accessLine, ACCESS_SERIALIZERS, LineBatcher, loggedRequest } from './request-log';

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
    expect(accessLine(number, 1_795_572_127_210, requestId, loggedRequest(method, url), status, 3)).toBe(expected);
    expect(JSON.parse(expected)).toEqual({ level: number, time: 1_795_572_127_210, ...fields, msg: 'request completed' });
  });
});

describe('LineBatcher (the log lines gathered into fewer writes)', () => {
  function destination() {
    const writes: string[] = [];
    let synced = 0;
    return { writes, synced: () => synced, write: (text: string) => writes.push(text), flushSync: () => synced++ };
  }

  it('hands the lines over in one write once they reach the batch size, in the order they came', () => {
    const sink = destination();
    const lines = new LineBatcher(sink, 10);
    lines.write('one\n');
    lines.write('two\n');
    expect(sink.writes).toEqual([]);
    lines.write('three\n');
    expect(sink.writes).toEqual(['one\ntwo\nthree\n']);
    lines.write('four\n');
    expect(sink.writes).toHaveLength(1);
  });

  it('flush hands over what has gathered, and nothing when nothing has; flushSync also empties the destination', () => {
    const sink = destination();
    const lines = new LineBatcher(sink, 4096);
    lines.flush();
    expect(sink.writes).toEqual([]);
    lines.write('a\n');
    lines.flush();
    expect(sink.writes).toEqual(['a\n']);
    lines.write('b\n');
    lines.flushSync();
    expect(sink.writes).toEqual(['a\n', 'b\n']);
    expect(sink.synced()).toBe(1);
  });

  it('takes pino lines too, as pino writes them', () => {
    const sink = destination();
    const lines = new LineBatcher(sink, 4096);
    const logger = pino({ level: 'info', base: undefined, timestamp: false }, lines);
    logger.info({ reqId: 'r1' }, 'request completed');
    lines.write(accessLine(30, 1, 'r2', loggedRequest('GET', '/api/health'), 200, 1));
    lines.flush();
    expect(
      sink.writes
        .join('')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).reqId),
    ).toEqual(['r1', 'r2']);
  });
});

describe('secrets in link query strings (the access log)', () => {
  const secret = '4c1f0a5e-2b7d-4e3a-9f60-8d2c1b0a9e71.Zx9_secret-part';
  const url = `/admin/login?stop-email-change=${encodeURIComponent(secret)}&lang=en`;

  it('the middleware and the fast lane write the stop-e-mail-change link without its secret', () => {
    const serialized = ACCESS_SERIALIZERS.req({ method: 'GET', url });
    const pinoWritten = pinoLine('info', { reqId: 'r1', req: serialized, res: { status: 200 }, ms: 1 }, 1);
    const fastLane = accessLine(30, 1, 'r1', loggedRequest('GET', url), 200, 1);
    for (const line of [pinoWritten, fastLane]) {
      expect(line).not.toContain('Zx9_secret-part');
      expect(JSON.parse(line).req.url).toBe('/admin/login?stop-email-change=[redacted]&lang=en');
    }
  });

  it('leaves other URLs as they came', () => {
    expect(ACCESS_SERIALIZERS.req({ method: 'GET', url: '/api/services/getAll?page=1&limit=100' }).url).toBe('/api/services/getAll?page=1&limit=100');
    expect(ACCESS_SERIALIZERS.req({ method: 'GET', url: '/api/plans/caf%C3%A9' }).url).toBe('/api/plans/caf%C3%A9');
  });
});

import { gzipSync, deflateSync, brotliCompressSync } from 'node:zlib';
import { Logger } from '@nestjs/common';
import { createTestApp, type TestApp } from '../support/app';

/**
 * Request bodies the body parser cannot decode (security review, HTTP): a compressed body that is
 * not what its Content-Encoding says, an encoding or charset the parser does not take. Each is the
 * client's mistake: a 4xx in the envelope with a message that says what to fix, and nothing at error
 * level in the log (a 500 with a stack trace used to answer a gzip body of "xx").
 * Well-formed compressed bodies are still accepted.
 * Real: the whole app over HTTP (body parsers, filters), called with fetch, which sends the bytes as
 * they are (supertest would JSON-encode a Buffer sent as application/json). Fake: nothing.
 */
describe('request bodies that cannot be decoded', () => {
  let t: TestApp;
  let errors: jest.SpyInstance;
  let baseUrl: string;
  const body = JSON.stringify({ name: 'youtube' });
  const COMPRESS: Record<string, (input: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  beforeEach(() => {
    errors = jest.spyOn(Logger.prototype, 'error');
  });

  afterEach(() => {
    // Nothing the client sent here is worth an error line (nor a stack trace).
    const calls = errors.mock.calls;
    errors.mockRestore();
    expect(calls).toEqual([]);
  });

  afterAll(() => t?.close());

  /** POSTs the bytes as they are; resolves with the status and the parsed JSON body. */
  async function post(path: string, headers: Record<string, string>, payload: Buffer | string) {
    const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: payload });
    return { status: res.status, body: (await res.json()) as { success: boolean; message?: string; error?: string } };
  }
  const compressed = (path: string, encoding: string, payload: Buffer, contentType = 'application/json') =>
    post(path, { 'Content-Type': contentType, 'Content-Encoding': encoding }, payload);

  it.each(['gzip', 'deflate', 'br'])('accepts a well-formed %s body', async (encoding) => {
    const res = await compressed('/api/plan/getByName', encoding, COMPRESS[encoding](Buffer.from(body)));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  describe.each(['gzip', 'deflate', 'br'])('Content-Encoding: %s', (encoding) => {
    const message = `The request body could not be decompressed: it is not valid ${encoding} data.`;
    it.each([
      ['two bytes of text ("xx")', Buffer.from('xx')],
      ['plain JSON', Buffer.from(body)],
      ['a body cut short', COMPRESS[encoding](Buffer.from(JSON.stringify({ name: 'youtube', padding: 'y'.repeat(5_000) }))).subarray(0, 20)],
      ['corrupted bytes after a valid start', Buffer.concat([COMPRESS[encoding](Buffer.from(body)).subarray(0, 6), Buffer.alloc(40, 0xff)])],
    ])('answers %s with 400 and a message', async (_case, payload) => {
      const res = await compressed('/api/plan/getByName', encoding, payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message, error: 'invalid' });
    });
  });

  it('answers a malformed compressed form post (the payment callback) the same way', async () => {
    const res = await compressed('/api/payment/callback', 'gzip', Buffer.from('xx'), 'application/x-www-form-urlencoded');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'The request body could not be decompressed: it is not valid gzip data.', error: 'invalid' });
  });

  it('refuses a compressed body that inflates past the size limit with 413', async () => {
    const bomb = gzipSync(Buffer.from(JSON.stringify({ name: 'youtube', padding: ' '.repeat(10 * 1024 * 1024) })));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await compressed('/api/plan/getByName', 'gzip', bomb);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'The request body is too large.', error: 'too_large' });
  });

  it.each(['compress', 'x-gzip-but-not', 'gzip, br'])('refuses Content-Encoding "%s" with 415 naming the ones it takes', async (encoding) => {
    const res = await compressed('/api/plan/getByName', encoding, Buffer.from(body));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      success: false,
      message: `Content-Encoding "${encoding}" is not supported: send the body as it is, or compressed with gzip, deflate or br.`,
      error: 'unsupported_media_type',
    });
  });

  it.each(['latin1', 'windows-1252', 'no-such-charset'])('refuses a JSON body in charset "%s" with 415 asking for UTF-8', async (charset) => {
    const res = await post('/api/plan/getByName', { 'Content-Type': `application/json; charset=${charset}` }, body);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      success: false,
      message: `The charset "${charset.toUpperCase()}" is not supported: send the body as UTF-8.`,
      error: 'unsupported_media_type',
    });
  });
});

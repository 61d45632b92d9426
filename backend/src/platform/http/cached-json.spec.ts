import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { CachedReply, sendCachedJson, toCachedBody } from './cached-json';

/** sendCachedJson on a plain Node server: the headers it writes and when it answers 304. */
describe('sendCachedJson', () => {
  const cached = toCachedBody(Buffer.from('{"success":true,"name":"café"}'));
  let server: Server;

  beforeEach(() => {
    server = createServer((req, res) => sendCachedJson(req, res, cached));
  });

  it('writes the bytes with their length, a strong ETag and no-cache', async () => {
    const res = await request(server).get('/').expect(200);
    expect(res.text).toBe(cached.body.toString());
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(cached.body.length));
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([cached.etag, `W/${cached.etag}`, `"other", ${cached.etag}`, '*'])('answers GET with If-None-Match %s by 304', async (inm) => {
    const res = await request(server).get('/').set('If-None-Match', inm).expect(304);
    expect(res.text).toBe('');
    expect(res.headers.etag).toBe(cached.etag);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD with a matching If-None-Match by 304', async () => {
    await request(server).head('/').set('If-None-Match', cached.etag).expect(304);
  });

  it('answers a GET whose ETag is not current with the body', async () => {
    await request(server).get('/').set('If-None-Match', '"older"').expect(200);
  });

  it('answers a POST with the body even when If-None-Match matches (a 304 is for GET and HEAD)', async () => {
    const res = await request(server).post('/').set('If-None-Match', cached.etag).expect(200);
    expect(res.text).toBe(cached.body.toString());
    await request(server).post('/').set('If-None-Match', '*').expect(200);
  });
});

/** CachedReply: the fast lane's prepared lists, the request id written into its slot per answer. */
describe('CachedReply', () => {
  const cached = toCachedBody(Buffer.from('{"success":true}'));
  const reply = new CachedReply(cached, ['X-Content-Type-Options', 'nosniff', 'Vary', 'Origin']);
  const ids = ['first-id', 'second-id'];
  let served = 0;
  const server = createServer((req, res) => reply.send(req, res, ids[served++ % ids.length]));

  beforeEach(() => {
    served = 0;
  });

  it("sends the leading headers, then X-Request-Id, then the body's own, with each answer's own id", async () => {
    const first = await request(server).get('/').expect(200);
    const second = await request(server).get('/').expect(200);
    expect(first.text).toBe(cached.body.toString());
    expect(first.headers['x-request-id']).toBe('first-id');
    expect(second.headers['x-request-id']).toBe('second-id');
    const names = (first as unknown as { res: { rawHeaders: string[] } }).res.rawHeaders.filter((_, index) => index % 2 === 0);
    expect(names.slice(0, 7)).toEqual(['X-Content-Type-Options', 'Vary', 'X-Request-Id', 'Content-Type', 'Content-Length', 'ETag', 'Cache-Control']);
  });

  it('answers a matching If-None-Match by 304 with the leading headers and the id', async () => {
    const res = await request(server).get('/').set('If-None-Match', cached.etag).expect(304);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('first-id');
    expect(res.headers.etag).toBe(cached.etag);
    expect(res.headers['content-length']).toBeUndefined();
  });
});

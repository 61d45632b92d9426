import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { sendCachedJson, toCachedBody } from './cached-json';

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

  it('sends the extra headers before its own', async () => {
    const extra = createServer((req, res) => sendCachedJson(req, res, cached, ['X-Content-Type-Options', 'nosniff']));
    const res = await request(extra).get('/').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const notModified = await request(extra).get('/').set('If-None-Match', cached.etag).expect(304);
    expect(notModified.headers['x-content-type-options']).toBe('nosniff');
  });
});

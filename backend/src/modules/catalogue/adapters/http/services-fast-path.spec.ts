import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { HttpAdapterHost } from '@nestjs/core';
import request from 'supertest';
import { loadConfig } from '../../../../platform/config/app-config';
import { FastLane } from '../../../../platform/http/fast-lane';
import { RequestLog } from '../../../../platform/http/request-log';
import { ServiceListCache } from '../../application/service-list.cache';
import { catalogueQuery } from '../../domain/catalogue-page';
import { ServicesFastPath } from './services-fast-path';

/**
 * The platform's fast lane with the catalogue route, in front of a plain Node server standing in for Express: `fullStack` plays the
 * middleware (a security header, a request id) and the controller (serves from the cache, filling
 * it on a miss).
 */
describe('ServicesFastPath', () => {
  let server: Server;
  let cache: ServiceListCache;
  let fullStack: jest.Mock;
  let logged: jest.SpyInstance;

  beforeEach(() => {
    cache = new ServiceListCache();
    fullStack = jest.fn(async (req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('X-Request-Id', String(fullStack.mock.calls.length));
      const url = new URL(req.url ?? '/', 'http://x');
      const page = Number(url.searchParams.get('page') ?? '1');
      if (!(page > 0)) {
        res.writeHead(400).end('bad');
        return;
      }
      const query = catalogueQuery({ page, limit: Number(url.searchParams.get('limit') ?? '10'), search: url.searchParams.get('search') ?? '' });
      const cached = await cache.getList(query, async () => Buffer.from(JSON.stringify({ success: true, page })));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': cached.body.length, ETag: cached.etag });
      res.end(cached.body);
    });
    server = createServer(fullStack);
    const host = { httpAdapter: { getHttpServer: () => server } } as unknown as HttpAdapterHost;
    const requestLog = new RequestLog(loadConfig({ LOG_LEVEL: 'silent' }));
    logged = jest.spyOn(requestLog, 'record');
    const fastLane = new FastLane(host, requestLog);
    new ServicesFastPath(fastLane, cache).onModuleInit();
    fastLane.onApplicationBootstrap();
  });

  const get = (path: string) => request(server).get(path);

  it('lets the first request through, then answers the same request itself with the same headers', async () => {
    const miss = await get('/api/services/getAll?page=2&limit=5').expect(200);
    const hit = await get('/api/services/getAll?page=2&limit=5').set('X-Request-Id', 'trace-42').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(1);
    expect(hit.text).toBe(miss.text);
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers.etag).toBe(miss.headers.etag);
    // The hit has its own request id and its line in the request log, like any request.
    expect(hit.headers['x-request-id']).toBe('trace-42');
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0][2]).toBe('trace-42');
  });

  it('serves equivalent queries from one entry (defaults, clamped limit)', async () => {
    await get('/api/services/getAll').expect(200);
    await get('/api/services/getAll?page=1&limit=10').expect(200);
    await get('/api/services/getAll?limit=10').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(1);
    await get('/api/services/getAll?limit=100').expect(200);
    await get('/api/services/getAll?limit=500').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(2);
  });

  it.each([
    '/api/services/getAll?page=0',
    '/api/services/getAll?page=abc',
    '/api/services/getAll?page=01',
    '/api/services/getAll?page=1&page=1',
    '/api/services/getAll?page=1&sort=asc',
    `/api/services/getAll?search=${'x'.repeat(101)}`,
    '/api/services/getAllx',
    '/api/services/getAll/',
  ])('leaves %s to the full stack', async (path) => {
    await get('/api/services/getAll?page=1').expect(200); // learn headers, cache page 1
    await get(path);
    expect(fullStack).toHaveBeenCalledTimes(2);
  });

  it('leaves cross-origin requests and other methods to the full stack', async () => {
    await get('/api/services/getAll').expect(200);
    await get('/api/services/getAll').set('Origin', 'http://elsewhere.example').expect(200);
    await request(server).post('/api/services/getAll').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(3);
  });

  it('goes back to the full stack after the cache is invalidated', async () => {
    await get('/api/services/getAll').expect(200);
    cache.invalidate();
    await get('/api/services/getAll').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(2);
    await get('/api/services/getAll').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(2);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/services/getAll').expect(200);
    await get('/api/services/getAll').set('If-None-Match', `W/${first.headers.etag}`).expect(304);
    expect(fullStack).toHaveBeenCalledTimes(1);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { HttpAdapterHost } from '@nestjs/core';
import request from 'supertest';
import { loadConfig } from '../../../../platform/config/app-config';
import { sendCachedJson } from '../../../../platform/http/cached-json';
import { FastLane } from '../../../../platform/http/fast-lane';
import { RequestLog } from '../../../../platform/http/request-log';
import { PlanResponseCache } from '../../application/plan-response.cache';
import { PlansFastPath } from './plans-fast-path';

const PLANS = ['youtube', 'tiktok', 'a/b'];

/**
 * The platform's fast lane with the plan route, in front of a plain Node server standing in for
 * Express: `fullStack` plays the middleware (a security header, a request id) and PlansController
 * (decodes and checks the name, serves from the cache, filling it on a miss; 404 for an unknown
 * plan, 400 for a bad name).
 */
describe('PlansFastPath', () => {
  let server: Server;
  let cache: PlanResponseCache;
  let fullStack: jest.Mock;
  let logged: jest.SpyInstance;

  beforeEach(() => {
    cache = new PlanResponseCache();
    fullStack = jest.fn(async (req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('X-Request-Id', String(fullStack.mock.calls.length));
      const segment = new URL(req.url ?? '/', 'http://x').pathname.slice('/api/plans/'.length);
      let name: string;
      try {
        name = decodeURIComponent(segment).trim();
      } catch {
        res.writeHead(400).end('bad escape');
        return;
      }
      if (name === '' || name.length > 100) {
        res.writeHead(400).end('bad name');
        return;
      }
      try {
        const cached = await cache.getOrLoad(cache.keyOf(name), async () => {
          const slug = name.toLowerCase();
          if (!PLANS.includes(slug)) throw new Error('Plan not found');
          return Buffer.from(JSON.stringify({ success: true, slug }));
        });
        sendCachedJson(req, res, cached);
      } catch {
        res.writeHead(404).end('not found');
      }
    });
    server = createServer(fullStack);
    const host = { httpAdapter: { getHttpServer: () => server } } as unknown as HttpAdapterHost;
    const requestLog = new RequestLog(loadConfig({ LOG_LEVEL: 'silent' }));
    logged = jest.spyOn(requestLog, 'record');
    const fastLane = new FastLane(host, requestLog);
    new PlansFastPath(fastLane, cache).onModuleInit();
    fastLane.onApplicationBootstrap();
  });

  const get = (path: string) => request(server).get(path);

  it('lets the first request through, then answers the same plan itself with the same headers', async () => {
    const miss = await get('/api/plans/youtube').expect(200);
    const hit = await get('/api/plans/youtube').set('X-Request-Id', 'trace-7').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(1);
    expect(hit.text).toBe(miss.text);
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(hit.headers['x-request-id']).toBe('trace-7');
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('serves every spelling of one plan (case, spaces, escapes) from one entry', async () => {
    await get('/api/plans/tiktok').expect(200);
    await get('/api/plans/TikTok').expect(200);
    await get('/api/plans/%20TIKTOK%20').expect(200);
    await get('/api/plans/%74iktok').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(1);
  });

  it('decodes an escaped slash inside the name as Express does', async () => {
    await get('/api/plans/a%2Fb').expect(200);
    await get('/api/plans/A%2fB').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(1);
  });

  it('learns the headers of the route once for all its plans', async () => {
    await get('/api/plans/youtube').expect(200);
    await get('/api/plans/tiktok').expect(200); // a miss: the full stack fills the cache
    const hit = await get('/api/plans/tiktok').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(2);
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    '/api/plans/youtube?fresh=1',
    '/api/plans/youtube/',
    '/api/plans/youtube/x',
    '/api/plans/',
    '/api/plans/%20',
    '/api/plans/%E0%A4%A',
    `/api/plans/${'y'.repeat(101)}`,
    '/api/plansyoutube',
    '/api/plan/youtube',
  ])('leaves %s to the full stack', async (path) => {
    await get('/api/plans/youtube').expect(200); // learn headers, cache youtube
    await get(path);
    expect(fullStack).toHaveBeenCalledTimes(2);
  });

  it('never caches an unknown plan: each request for it takes the full stack', async () => {
    await get('/api/plans/youtube').expect(200);
    await get('/api/plans/spotify').expect(404);
    await get('/api/plans/spotify').expect(404);
    expect(fullStack).toHaveBeenCalledTimes(3);
  });

  it('serves nothing before one full 200 of the route was seen', async () => {
    await cache.getOrLoad('youtube', async () => Buffer.from('{"success":true}'));
    await get('/api/plans/youtube').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(1);
  });

  it('leaves cross-origin requests and other methods to the full stack', async () => {
    await get('/api/plans/youtube').expect(200);
    await get('/api/plans/youtube').set('Origin', 'http://elsewhere.example').expect(200);
    await request(server).post('/api/plans/youtube').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(3);
  });

  it('goes back to the full stack after the cache is invalidated', async () => {
    await get('/api/plans/youtube').expect(200);
    cache.invalidate();
    await get('/api/plans/youtube').expect(200);
    await get('/api/plans/youtube').expect(200);
    expect(fullStack).toHaveBeenCalledTimes(2);
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const first = await get('/api/plans/youtube').expect(200);
    await get('/api/plans/youtube').set('If-None-Match', first.headers.etag).expect(304);
    const head = await request(server).head('/api/plans/youtube').expect(200);
    expect(head.headers.etag).toBe(first.headers.etag);
    expect(head.text).toBeUndefined();
    expect(fullStack).toHaveBeenCalledTimes(1);
  });
});

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type CachedBody, sendCachedJson } from './cached-json';
import { RequestLog, requestIdOf } from './request-log';

/**
 * A hot GET route whose answer is often already in memory. `lookup` gets the raw URL and returns
 * the cached body for it, or undefined to let the full stack answer (a miss, an expired entry, a
 * query that needs validation).
 * `path` is the exact path (the query aside); with `parameter: true` it ends with '/' and the route
 * is that path plus one non-empty segment, the route's path parameter ('/api/plans/' for
 * '/api/plans/:name'), which `lookup` decodes and validates itself.
 */
export interface FastRoute {
  path: string;
  parameter?: boolean;
  lookup(url: string): CachedBody | undefined;
}

/** Headers that belong to one response only and are never replayed. */
const PER_RESPONSE = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'etag',
  'cache-control',
  'x-request-id',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'set-cookie',
]);

/**
 * A percent-escaped C0 control or DEL anywhere in the URL: the full stack refuses (or judges) such
 * input, so a lookup never sees it. (Node's parser already refuses raw control characters in a URL.)
 * Without this, a lookup that trims (a plan name, a search) would map '%0Byoutube' to a cached
 * 'youtube' and answer 200 where the full stack answers 400.
 */
const ESCAPED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

interface Lane {
  route: FastRoute;
  /** Middleware headers of the last full 200 response, flat [name, value, ...]; null until one was seen. */
  template: string[] | null;
}

/**
 * Answers cache hits of hot GET routes before Express and Nest see the request.
 *
 * Why: a cached answer costs a Map lookup and one write, while Express routing, the middleware chain
 * (security headers, CORS, request log) and Nest's pipes cost about ten times that (measured: 12% of a
 * bare node:http server's req/s through the full stack, against the ≥50% the catalogue needs). So a
 * plain hit of a registered route is written here; everything else goes to the full stack, which
 * validates, loads and fills the cache.
 *
 * The answer is the full stack's answer: the headers the middleware added to the last full 200
 * response of the route (security headers, Vary) are replayed, so a change in the middleware shows
 * up here without code changes, and nothing is served from here until one full response was seen.
 * Each answer gets its X-Request-Id and its line in the request log, like any other request.
 * Requests with an Origin header always take the full stack, where CORS answers them, and so do URLs
 * with an escaped control character, which the validation pipe refuses.
 */
@Injectable()
export class FastLane implements OnApplicationBootstrap {
  private readonly logger = new Logger(FastLane.name);
  private readonly lanes = new Map<string, Lane>();
  /** Routes with a path parameter, by the path before it ('/api/plans/'). */
  private readonly parameterLanes = new Map<string, Lane>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly requestLog: RequestLog,
  ) {}

  register(route: FastRoute): void {
    if (route.parameter && !route.path.endsWith('/')) throw new Error(`A fast route with a parameter ends with '/': ${route.path}`);
    (route.parameter ? this.parameterLanes : this.lanes).set(route.path, { route, template: null });
  }

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server || typeof server.listeners !== 'function') {
      this.logger.warn('No Node HTTP server: the fast lane is off');
      return;
    }
    const stack = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const lane = this.laneOf(req);
      if (lane && this.tryServe(lane, req, res)) return;
      if (lane) this.learnHeaders(lane, res);
      for (const listener of stack) listener.call(server, req, res);
    });
  }

  private laneOf(req: IncomingMessage): Lane | undefined {
    if ((this.lanes.size === 0 && this.parameterLanes.size === 0) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return undefined;
    }
    const url = req.url ?? '';
    const end = url.indexOf('?');
    const path = end === -1 ? url : url.slice(0, end);
    const exact = this.lanes.get(path);
    if (exact || this.parameterLanes.size === 0) return exact;
    // '/api/plans/youtube' -> the lane of '/api/plans/'; an empty last segment has none.
    const slash = path.lastIndexOf('/');
    return slash === path.length - 1 ? undefined : this.parameterLanes.get(path.slice(0, slash + 1));
  }

  private tryServe(lane: Lane, req: IncomingMessage, res: ServerResponse): boolean {
    if (!lane.template || req.headers.origin !== undefined || ESCAPED_CONTROL.test(req.url as string)) return false;
    const cached = lane.route.lookup(req.url as string);
    if (!cached) return false;
    const startedAt = Date.now();
    const requestId = requestIdOf(req);
    sendCachedJson(req, res, cached, [...lane.template, 'X-Request-Id', requestId]);
    this.requestLog.record(req, res, requestId, startedAt);
    return true;
  }

  private learnHeaders(lane: Lane, res: ServerResponse): void {
    res.once('finish', () => {
      if (res.statusCode !== 200) return;
      const headers: string[] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (PER_RESPONSE.has(name) || value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.push(name, String(item));
      }
      lane.template = headers;
    });
  }
}

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

/**
 * A hot read served by POST with a small JSON body (the spec's POST /plan/getByName): `lookup` gets
 * the parsed body and returns the cached answer, or undefined to let the full stack judge the body
 * (a miss, an unusual body, anything the validation pipe would refuse).
 */
export interface FastPostRoute {
  path: string;
  lookup(body: unknown): CachedBody | undefined;
}

/** The largest body a POST lane reads itself; anything bigger goes to the full stack untouched. */
const MAX_FAST_BODY = 1024;
/** A JSON body as body-parser takes it (application/json, UTF-8 or no charset). */
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;

/**
 * Reads a small request body without taking it from the request: the bytes read are put back
 * (`unshift`, before the stream's end is emitted), so a full-stack answer parses exactly what the
 * client sent. Resolves null when the body does not arrive whole (client gone, shorter than said).
 */
function peekBody(req: IncomingMessage, length: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (body: Buffer | null) => {
      req.off('readable', onReadable);
      req.off('end', onEnd);
      req.off('error', onEnd);
      req.off('close', onEnd);
      const taken = Buffer.concat(chunks);
      if (taken.length > 0 && !req.readableEnded && !req.destroyed) req.unshift(taken);
      resolve(body);
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (received < length && (chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        received += chunk.length;
      }
      if (received >= length) finish(received === length ? Buffer.concat(chunks) : null);
    };
    const onEnd = () => finish(null);
    req.on('readable', onReadable);
    req.once('end', onEnd);
    req.once('error', onEnd);
    req.once('close', onEnd);
  });
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
  /** POST routes, by their exact path. */
  private readonly postLanes = new Map<string, { route: FastPostRoute; template: string[] | null }>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly requestLog: RequestLog,
  ) {}

  register(route: FastRoute): void {
    if (route.parameter && !route.path.endsWith('/')) throw new Error(`A fast route with a parameter ends with '/': ${route.path}`);
    (route.parameter ? this.parameterLanes : this.lanes).set(route.path, { route, template: null });
  }

  /**
   * A POST read, answered here when its body is a small JSON document that `lookup` finds in its
   * cache. The body is read without being consumed (peekBody): a miss goes to the full stack with the
   * very bytes the client sent, so the body parser, the validation pipe and the error envelope judge
   * it as before.
   */
  registerPost(route: FastPostRoute): void {
    this.postLanes.set(route.path, { route, template: null });
  }

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server || typeof server.listeners !== 'function') {
      this.logger.warn('No Node HTTP server: the fast lane is off');
      return;
    }
    const stack = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
    server.removeAllListeners('request');
    const fullStack = (req: IncomingMessage, res: ServerResponse) => {
      for (const listener of stack) listener.call(server, req, res);
    };
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.method === 'POST' && this.postLanes.size > 0) {
        const postLane = this.postLanes.get(req.url as string);
        if (postLane) {
          this.servePost(postLane, req, res, fullStack);
          return;
        }
      }
      const lane = this.laneOf(req);
      if (lane && this.tryServe(lane, req, res)) return;
      if (lane) this.learnHeaders(lane, res);
      fullStack(req, res);
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

  private servePost(
    lane: { route: FastPostRoute; template: string[] | null },
    req: IncomingMessage,
    res: ServerResponse,
    fullStack: (req: IncomingMessage, res: ServerResponse) => void,
  ): void {
    const length = Number(req.headers['content-length']);
    const eligible =
      lane.template !== null &&
      req.headers.origin === undefined &&
      req.headers['content-encoding'] === undefined &&
      req.headers['transfer-encoding'] === undefined &&
      JSON_TYPE.test(req.headers['content-type'] ?? '') &&
      Number.isInteger(length) &&
      length > 0 &&
      length <= MAX_FAST_BODY;
    if (!eligible) {
      this.learnHeaders(lane, res);
      fullStack(req, res);
      return;
    }
    const startedAt = Date.now();
    void peekBody(req, length).then((bytes) => {
      let cached: CachedBody | undefined;
      if (bytes !== null && lane.template !== null) {
        try {
          cached = lane.route.lookup(JSON.parse(bytes.toString('utf8')));
        } catch {
          cached = undefined; // not JSON: the body parser says so
        }
      }
      if (cached && lane.template !== null) {
        const requestId = requestIdOf(req);
        sendCachedJson(req, res, cached, [...lane.template, 'X-Request-Id', requestId]);
        this.requestLog.record(req, res, requestId, startedAt);
        return;
      }
      this.learnHeaders(lane, res);
      fullStack(req, res);
    });
  }

  private learnHeaders(lane: { template: string[] | null }, res: ServerResponse): void {
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

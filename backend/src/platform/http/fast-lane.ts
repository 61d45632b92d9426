import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type CachedBody, CachedReply } from './cached-json';
import { type LoggedRequest, loggedRequest, RequestLog, requestIdOf } from './request-log';

/**
 * A hot GET route whose answer is often already in memory. `keyOf` gets the raw URL and returns the
 * cache key of a plain request, or null to let the full stack answer it (a query that needs
 * validation, a name it cannot judge); `peek` returns the cached body under a key, or undefined on a
 * miss or an expired entry (the full stack then loads and fills the cache).
 * `path` is the exact path (the query aside); with `parameter: true` it ends with '/' and the route
 * is that path plus one non-empty segment, the route's path parameter ('/api/plans/' for
 * '/api/plans/:name'), which `keyOf` decodes and validates itself.
 * The lane remembers what `keyOf` said of a URL (a bounded number of them), so a repeated URL is
 * neither parsed nor decoded again: `keyOf` must depend on the URL alone.
 */
export interface FastRoute {
  path: string;
  parameter?: boolean;
  /** The answers' Content-Type; JSON unless said. */
  contentType?: string;
  keyOf(url: string): string | null;
  peek(key: string): CachedBody | undefined;
}

/**
 * A hot read served by POST with a small JSON body (the spec's POST /plan/getByName): `keyOf` gets
 * the parsed body and returns its cache key, or null to let the full stack judge the body (an
 * unusual body, anything the validation pipe would refuse); `peek` as for a GET route. The lane
 * remembers what `keyOf` said of a body's bytes, like a GET route's URLs.
 */
export interface FastPostRoute {
  path: string;
  keyOf(body: unknown): string | null;
  peek(key: string): CachedBody | undefined;
}

/** The largest body a POST lane reads itself; anything bigger goes to the full stack untouched. */
const MAX_FAST_BODY = 1024;
/** How many URLs (and POST bodies) the lane remembers, with what it found of each; when full it starts over. */
const MAX_REMEMBERED = 1024;
/** Longer URLs (or bodies) are judged each time, not remembered: the memo stays under about 1 MB whatever is sent. */
const MAX_REMEMBERED_LENGTH = 1024;
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
    const finish = (whole: boolean) => {
      req.off('readable', onReadable);
      req.off('end', onEnd);
      req.off('error', onEnd);
      req.off('close', onEnd);
      const taken = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      if (taken.length > 0 && !req.readableEnded && !req.destroyed) req.unshift(taken);
      resolve(whole ? taken : null);
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (received < length && (chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        received += chunk.length;
      }
      if (received >= length) finish(received === length);
    };
    const onEnd = () => finish(false);
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

/** What a lane has learnt from the full stack: the headers to replay, and the replies built with them. */
interface Learnt {
  /** Middleware headers of the last full 200 response, flat [name, value, ...]; null until one was seen. */
  template: string[] | null;
  /** A reply per cached body, with the template above (dropped with it when it changes). */
  replies: WeakMap<CachedBody, CachedReply>;
}

interface Lane extends Learnt {
  route: FastRoute;
}

interface PostLane extends Learnt {
  route: FastPostRoute;
  /** Bodies seen (their bytes as latin1 text) and their cache keys; null for one the full stack judges. */
  knownBodies: Map<string, string | null>;
  /** The lane's request in the access line. */
  logged: LoggedRequest;
}

/** What the lane found of one URL: its lane and cache key, and a GET of it in the access line. */
interface KnownUrl {
  lane: Lane;
  key: string;
  logged: LoggedRequest;
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
  private readonly postLanes = new Map<string, PostLane>();
  /** GET and HEAD URLs seen, with what was found of them; null for a URL the full stack answers. */
  private readonly knownUrls = new Map<string, KnownUrl | null>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly requestLog: RequestLog,
  ) {}

  register(route: FastRoute): void {
    if (route.parameter && !route.path.endsWith('/')) throw new Error(`A fast route with a parameter ends with '/': ${route.path}`);
    (route.parameter ? this.parameterLanes : this.lanes).set(route.path, { route, template: null, replies: new WeakMap() });
  }

  /**
   * A POST read, answered here when its body is a small JSON document that `lookup` finds in its
   * cache. The body is read without being consumed (peekBody): a miss goes to the full stack with the
   * very bytes the client sent, so the body parser, the validation pipe and the error envelope judge
   * it as before.
   */
  registerPost(route: FastPostRoute): void {
    this.postLanes.set(route.path, { route, template: null, replies: new WeakMap(), knownBodies: new Map(), logged: loggedRequest('POST', route.path) });
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
      const known = this.knownUrl(req);
      if (known && this.tryServe(known, req, res)) return;
      if (known) this.learnHeaders(known.lane, res);
      fullStack(req, res);
    });
  }

  /** What the lanes make of a GET's or HEAD's URL, remembered; undefined for any other request. */
  private knownUrl(req: IncomingMessage): KnownUrl | null | undefined {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (this.lanes.size === 0 && this.parameterLanes.size === 0)) return undefined;
    const url = req.url as string;
    let known = this.knownUrls.get(url);
    if (known === undefined) {
      const lane = this.laneOf(url);
      const key = lane && !ESCAPED_CONTROL.test(url) ? lane.route.keyOf(url) : null;
      known = lane && key !== null ? { lane, key, logged: loggedRequest('GET', url) } : null;
      remember(this.knownUrls, url, known);
    }
    return known;
  }

  private laneOf(url: string): Lane | undefined {
    const end = url.indexOf('?');
    const path = end === -1 ? url : url.slice(0, end);
    const exact = this.lanes.get(path);
    if (exact || this.parameterLanes.size === 0) return exact;
    // '/api/plans/youtube' -> the lane of '/api/plans/'; an empty last segment has none.
    const slash = path.lastIndexOf('/');
    return slash === path.length - 1 ? undefined : this.parameterLanes.get(path.slice(0, slash + 1));
  }

  private tryServe(known: KnownUrl, req: IncomingMessage, res: ServerResponse): boolean {
    const { lane } = known;
    if (!lane.template || req.headers.origin !== undefined) return false;
    const cached = lane.route.peek(known.key);
    if (!cached) return false;
    const startedAt = Date.now();
    const requestId = requestIdOf(req);
    replyOf(lane, lane.template, cached, lane.route.contentType).send(req, res, requestId);
    this.requestLog.record(req, res, requestId, startedAt, req.method === 'GET' ? known.logged : undefined);
    return true;
  }

  private servePost(lane: PostLane, req: IncomingMessage, res: ServerResponse, fullStack: (req: IncomingMessage, res: ServerResponse) => void): void {
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
      const key = bytes === null ? null : keyOfBody(lane, bytes);
      const cached = key === null ? undefined : lane.route.peek(key);
      if (cached && lane.template !== null) {
        const requestId = requestIdOf(req);
        replyOf(lane, lane.template, cached).send(req, res, requestId);
        this.requestLog.record(req, res, requestId, startedAt, lane.logged);
        return;
      }
      this.learnHeaders(lane, res);
      fullStack(req, res);
    });
  }

  private learnHeaders(lane: Learnt, res: ServerResponse): void {
    res.once('finish', () => {
      if (res.statusCode !== 200) return;
      const headers: string[] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (PER_RESPONSE.has(name) || value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.push(name, String(item));
      }
      if (lane.template !== null && sameList(lane.template, headers)) return;
      lane.template = headers;
      lane.replies = new WeakMap();
    });
  }
}

/** The lane's reply for `cached` with its current template, built at the first answer of that body. */
function replyOf(lane: Learnt, template: string[], cached: CachedBody, contentType?: string): CachedReply {
  let reply = lane.replies.get(cached);
  if (reply === undefined) {
    reply = new CachedReply(cached, template, contentType);
    lane.replies.set(cached, reply);
  }
  return reply;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** What the POST lane's route makes of a body, remembered by its bytes. */
function keyOfBody(lane: PostLane, bytes: Buffer): string | null {
  const text = bytes.toString('latin1');
  let key = lane.knownBodies.get(text);
  if (key === undefined) {
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
      key = lane.route.keyOf(body);
    } catch {
      key = null; // not JSON: the body parser says so
    }
    remember(lane.knownBodies, text, key);
  }
  return key;
}

/** Sets `key` in a memo of at most MAX_REMEMBERED entries, emptied when full (hostile variety cannot grow it), unless `key` is long. */
function remember<T>(memo: Map<string, T>, key: string, value: T): void {
  if (key.length > MAX_REMEMBERED_LENGTH) return;
  if (memo.size >= MAX_REMEMBERED) memo.clear();
  memo.set(key, value);
}

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { API_PREFIX } from '../../../../platform/http/configure-app';
import { type CachedBody, ServiceListCache } from '../../application/service-list.cache';
import { catalogueQuery, MAX_SEARCH_LENGTH } from '../../domain/catalogue-page';
import { jsonHeaders, sendCachedJson } from './cached-json';

const ROUTE = `/${API_PREFIX}/services/getAll`;

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
 * Answers cache hits of GET /api/services/getAll before Express and Nest see the request.
 *
 * Why: the catalogue list is the hottest read and must run at a large share of the speed of a bare
 * `node:http` server sending the same bytes. With the bytes cached, what remains is the framework:
 * Express routing, the middleware chain (request log, security headers, CORS), Nest's pipes and
 * filters — about ten times the cost of writing the buffer. So for a request that is a plain cache
 * hit this listener writes the cached bytes itself; everything else (misses, expired entries,
 * anything unusual, invalid input, cross-origin requests) goes through the normal stack, where the
 * controller validates, loads and fills the cache.
 *
 * The answer is the same as the full stack's: the headers the middleware added to the last full
 * response of this route (security headers, Vary) are kept as a template and replayed, so a change
 * in platform middleware shows up here without code changes. Until one full response has been seen,
 * nothing is served from here. Skipped on a fast-path hit: the per-request access log line and the
 * X-Request-Id header.
 */
@Injectable()
export class ServicesFastPath implements OnApplicationBootstrap {
  private readonly logger = new Logger(ServicesFastPath.name);
  /** Middleware headers of the last full response, flat [name, value, ...]; null until one was seen. */
  private headerTemplate: string[] | null = null;
  /** Complete header lists per cached body (template + its length and ETag), built once per body. */
  private headersOf = new WeakMap<CachedBody, string[]>();
  /** Raw URL -> cache key, so a repeated URL is not parsed again (bounded; null = not cacheable). */
  private readonly keyOfUrl = new Map<string, string | null>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly cache: ServiceListCache,
  ) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server || typeof server.listeners !== 'function') {
      this.logger.warn('No Node HTTP server; the catalogue fast path is off');
      return;
    }
    const next = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.tryServe(req, res)) return;
      if (isCatalogueGet(req)) this.learnHeaders(res);
      for (const listener of next) listener.call(server, req, res);
    });
  }

  /** Serves a cache hit and returns true, or returns false to let the full stack answer. */
  tryServe(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.headerTemplate || !isCatalogueGet(req) || req.headers.origin !== undefined) return false;
    const key = this.keyFor(req.url as string);
    const cached = key === null ? undefined : this.cache.peek(key);
    if (!cached) return false;
    let headers = this.headersOf.get(cached);
    if (!headers) {
      headers = [...this.headerTemplate, ...jsonHeaders(cached)];
      this.headersOf.set(cached, headers);
    }
    sendCachedJson(req, res, cached, headers);
    return true;
  }

  private keyFor(url: string): string | null {
    let key = this.keyOfUrl.get(url);
    if (key !== undefined) return key;
    const query = url.length === ROUTE.length ? {} : parseQuery(url.slice(ROUTE.length + 1));
    key = query ? this.cache.keyOf(catalogueQuery(query)) : null;
    if (this.keyOfUrl.size >= MAX_REMEMBERED_URLS) this.keyOfUrl.clear();
    this.keyOfUrl.set(url, key);
    return key;
  }

  private learnHeaders(res: ServerResponse): void {
    res.once('finish', () => {
      if (res.statusCode !== 200) return;
      const headers: string[] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (PER_RESPONSE.has(name) || value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.push(name, String(item));
      }
      if (this.headerTemplate && headers.join('\n') === this.headerTemplate.join('\n')) return;
      this.headerTemplate = headers;
      this.headersOf = new WeakMap();
    });
  }
}

function isCatalogueGet(req: IncomingMessage): boolean {
  const url = req.url;
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    url !== undefined &&
    url.startsWith(ROUTE) &&
    (url.length === ROUTE.length || url.charCodeAt(ROUTE.length) === 63) // '?'
  );
}

const MAX_REMEMBERED_URLS = 1024;
const POSITIVE_INTEGER = /^[1-9]\d{0,14}$/;

/**
 * The query of a plain request: only page, limit, search, each at most once, page and limit as
 * plain positive integers. Anything else returns null and takes the full path, where validation
 * answers it (so this never accepts what the controller would refuse).
 */
function parseQuery(text: string): { page?: number; limit?: number; search?: string } | null {
  const query: { page?: number; limit?: number; search?: string } = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (name === 'page' || name === 'limit') {
      if (query[name] !== undefined || !POSITIVE_INTEGER.test(value)) return null;
      query[name] = Number(value);
    } else if (name === 'search') {
      if (query.search !== undefined || value.length > MAX_SEARCH_LENGTH) return null;
      query.search = value;
    } else {
      return null;
    }
  }
  return query;
}

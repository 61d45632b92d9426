import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedBody } from '../../application/service-list.cache';

/**
 * Writes a cached, already serialised JSON body: precomputed Content-Length and ETag, and
 * 304 Not Modified when the client already holds these bytes (If-None-Match).
 * Works on Node's own request/response, so Express and the bare fast path share it.
 * `headers`, when given, is the complete header list as a flat [name, value, ...] array (cheapest
 * form for Node to write); otherwise the headers below are added to those already set on `res`.
 */
export function sendCachedJson(req: IncomingMessage, res: ServerResponse, cached: CachedBody, headers?: string[]): void {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined && matchesEtag(inm, cached.etag)) {
    res.writeHead(304, { ETag: cached.etag, 'Cache-Control': 'no-cache' });
    res.end();
    return;
  }
  res.writeHead(200, headers ?? jsonHeaders(cached));
  res.end(cached.body);
}

/** The headers of a cached JSON body, as a flat [name, value, ...] list. */
export function jsonHeaders(cached: CachedBody): string[] {
  return [
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(cached.body.length),
    'ETag',
    cached.etag,
    // Browsers may keep the list but must revalidate it (a cheap 304) before each use.
    'Cache-Control',
    'no-cache',
  ];
}

/** If-None-Match uses weak comparison: `W/"x"` matches `"x"`; `*` matches anything. */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

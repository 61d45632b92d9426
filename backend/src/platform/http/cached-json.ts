import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';

/** An already serialised JSON response body and its strong ETag (quoted, as HTTP wants it). */
export interface CachedBody {
  readonly body: Buffer;
  readonly etag: string;
}

/** Wraps serialised bytes with their ETag, computed once. */
export function toCachedBody(body: Buffer): CachedBody {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Writes a cached, already serialised JSON body: precomputed Content-Length and ETag, and
 * 304 Not Modified when the client already holds these bytes (If-None-Match).
 * Only GET and HEAD are answered 304 (the only methods a 304 is defined for, RFC 9110 §15.4.5): a
 * read served by POST, like /plan/getByName, has no cached copy to revalidate, so it always gets
 * its body and any If-None-Match is ignored.
 * Works on Node's own request/response, so Express handlers and the fast lane share it.
 * `extraHeaders` (flat [name, value, ...], the cheapest form for Node to write) are sent too;
 * without them the headers already set on `res` (by middleware) are kept.
 */
export function sendCachedJson(req: IncomingMessage, res: ServerResponse, cached: CachedBody, extraHeaders?: string[]): void {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined && (req.method === 'GET' || req.method === 'HEAD') && matchesEtag(inm, cached.etag)) {
    const validators = ['ETag', cached.etag, 'Cache-Control', 'no-cache'];
    res.writeHead(304, extraHeaders ? [...extraHeaders, ...validators] : validators);
    res.end();
    return;
  }
  res.writeHead(200, extraHeaders ? [...extraHeaders, ...jsonHeaders(cached)] : jsonHeaders(cached));
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

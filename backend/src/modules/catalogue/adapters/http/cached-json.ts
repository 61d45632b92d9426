import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedBody } from '../../application/service-list.cache';

/**
 * Writes a cached, already serialised JSON body: precomputed Content-Length and ETag, and
 * 304 Not Modified when the client already holds these bytes (If-None-Match).
 * Works on Node's own request/response, so Express and a bare `node:http` handler share it.
 */
export function sendCachedJson(req: IncomingMessage, res: ServerResponse, cached: CachedBody): void {
  if (matchesEtag(req.headers['if-none-match'], cached.etag)) {
    res.writeHead(304, { ETag: cached.etag, 'Cache-Control': 'no-cache' });
    res.end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': cached.body.length,
    ETag: cached.etag,
    // Browsers may keep the list but must revalidate it (a cheap 304) before each use.
    'Cache-Control': 'no-cache',
  });
  res.end(cached.body);
}

/** If-None-Match uses weak comparison: `W/"x"` matches `"x"`; `*` matches anything. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

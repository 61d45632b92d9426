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
 * The headers already set on `res` (by middleware) are kept.
 */
export function sendCachedJson(req: IncomingMessage, res: ServerResponse, cached: CachedBody): void {
  if (isRevalidated(req, cached)) {
    res.writeHead(304, notModifiedHeaders(cached));
    res.end();
    return;
  }
  res.writeHead(200, jsonHeaders(cached));
  res.end(cached.body);
}

/**
 * sendCachedJson with the header lists built once: a fixed run of leading headers (the middleware's,
 * replayed by the fast lane), then X-Request-Id, then the body's own. Only the request id changes
 * from one answer to the next, so it is written into its slot of the prepared list just before
 * `writeHead`, which reads the list at once and keeps no reference to it. On the hottest routes the
 * two lists built per answer by sendCachedJson cost more than the lookup of the answer itself.
 */
export class CachedReply {
  private readonly ok: string[];
  private readonly notModified: string[];
  private readonly idSlot: number;

  /** `contentType`: the body's type, JSON unless said (a rendered page is text/html). */
  constructor(
    readonly cached: CachedBody,
    leading: readonly string[],
    contentType: string = JSON_TYPE,
  ) {
    this.ok = [...leading, 'X-Request-Id', '', ...jsonHeaders(cached, contentType)];
    this.notModified = [...leading, 'X-Request-Id', '', ...notModifiedHeaders(cached)];
    this.idSlot = leading.length + 1;
  }

  send(req: IncomingMessage, res: ServerResponse, requestId: string): void {
    if (isRevalidated(req, this.cached)) {
      this.notModified[this.idSlot] = requestId;
      res.writeHead(304, this.notModified);
      res.end();
      return;
    }
    this.ok[this.idSlot] = requestId;
    res.writeHead(200, this.ok);
    res.end(this.cached.body);
  }
}

/** Whether the client already holds these bytes: a GET or HEAD whose If-None-Match matches. */
function isRevalidated(req: IncomingMessage, cached: CachedBody): boolean {
  const inm = req.headers['if-none-match'];
  return inm !== undefined && (req.method === 'GET' || req.method === 'HEAD') && matchesEtag(inm, cached.etag);
}

/** The validators a 304 repeats. */
function notModifiedHeaders(cached: CachedBody): string[] {
  return ['ETag', cached.etag, 'Cache-Control', 'no-cache'];
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The headers of a cached body (JSON unless `contentType` says otherwise), as a flat [name, value, ...] list. */
function jsonHeaders(cached: CachedBody, contentType: string = JSON_TYPE): string[] {
  return [
    'Content-Type',
    contentType,
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

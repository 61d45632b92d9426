import type { Server } from 'node:http';
import type { HttpTimeouts } from '../config/app-config';

/**
 * How often Node looks for requests past their head or request timeout. Its default, 30 s, would let
 * a connection live up to 30 s past its limit; the check walks only the requests still arriving, in
 * native code, so once a second costs nothing worth measuring.
 */
export const TIMEOUT_CHECK_EVERY_MS = 1_000;

/**
 * Limits how long a client may take, so that slow or silent ones cannot hold connections (and file
 * descriptors: a process has a fixed number of them, ulimit -n) for Node's default 300 s:
 * - `headersTimeout`: from the connection (or, on a kept-alive one, the request's first byte) to the
 *   end of the head; a connection that sends nothing is cut after it too;
 * - `requestTimeout`: from the same start to the last byte of the body: a body sent a byte at a time
 *   is cut, whatever its pace. Handlers' own time is not counted;
 * - `keepAliveTimeout`: an idle connection between two requests (Node 20 waits one second more than
 *   it announces in Keep-Alive, so a client never sends into a closing socket).
 * Node answers a request cut by the first two with `408 Request Timeout` and closes the connection.
 * Set on the server before it listens (main.ts and the tests share this through configureApp).
 */
export function applyHttpTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // Read by Node when the server starts listening (a createServer option, absent from Server's type).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(TIMEOUT_CHECK_EVERY_MS, timeouts.headersMs);
}

import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a connection cut with an error answer (408 after HTTP_HEADERS_TIMEOUT or
 * HTTP_REQUEST_TIMEOUT, 400, 413, 431) keeps reading, and discarding, what the client still sends
 * before it is destroyed. A client that reads the answer closes its side first, which ends the
 * linger at once; this bounds the ones that never do.
 */
export const LINGER_MS = 2_000;

/** Node's own answers to a client error (lib/_http_server.js), by the error's code; anything else is 400. */
const STATUS_OF_CODE: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
};

/** The status a connection was cut with, for the request that was arriving on it. */
const cutSockets = new WeakMap<Socket, number>();
/** The response of the request arriving on a connection, so that its access line says what was sent. */
const responses = new WeakMap<Socket, ServerResponse>();

/** The status the connection was answered with when it was cut (408 ...), or undefined if it was not. */
export function cutStatusOf(socket: Socket): number | undefined {
  return cutSockets.get(socket);
}

/**
 * Answers client errors with a lingering close instead of Node's own handling. Node writes its 408
 * (or 400 ...) and destroys the socket at once; when the client's bytes are still unread (a slow body
 * dribbling in), Linux then sends an RST instead of a FIN, and a client whose next write meets that
 * RST before it has read the answer loses the answer (docs/notes/slow-clients-408.md). Here the
 * answer is written and the connection half-closed (FIN after it); what the client still sends is
 * read and discarded, and the socket is destroyed when the client closes its side, or after
 * `lingerMs`. The request that was arriving is never handed on (`stopCutRequests`), and its access
 * line carries the status sent (`cutStatusOf`, configure-app.ts).
 */
export function answerClientErrors(server: Server, lingerMs = LINGER_MS): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    responses.set(req.socket, res);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Repeats on a cut connection: parse errors on the bytes being discarded, or the incomplete body
    // at the client's close. The linger below ends it.
    if (cutSockets.has(socket)) return;
    const response = responses.get(socket);
    // As Node does: nothing is written on a connection the client reset, that cannot be written
    // to, or whose response has already started.
    if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
      socket.destroy(error);
      return;
    }
    const status = (error.code && STATUS_OF_CODE[error.code]) || 400;
    cutSockets.set(socket, status);
    if (response && !response.writableEnded) response.statusCode = status;
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    // The client has closed its side: everything it sent has been read, so closing sends no RST.
    socket.once('end', () => (socket.writableFinished ? socket.destroy() : socket.once('finish', () => socket.destroy())));
  });
}

/**
 * Express middleware, after the body parsers: a request whose connection was cut while its body
 * was arriving goes no further, even if the rest of the body came during the linger (the client was
 * told 408; the handler must not act on it). Its access line is written when the connection closes.
 */
export function stopCutRequests(req: IncomingMessage, _res: ServerResponse, next: () => void): void {
  if (cutSockets.has(req.socket)) return;
  next();
}

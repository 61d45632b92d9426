import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { applyHttpTimeouts } from './http-timeouts';
import { answerClientErrors, cutStatusOf, stopCutRequests } from './lingering-close';

const HEAD = (length: number) => `POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${length}\r\n\r\n`;

/** A server with a 300 ms request timeout whose handler reads the body, then counts the requests it acted on. */
async function serverWith(options: { linger: boolean; lingerMs?: number }) {
  let handled = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () =>
      stopCutRequests(req, res, () => {
        handled += 1;
        res.end('done');
      }),
    );
  });
  applyHttpTimeouts(server, { headersMs: 300, requestMs: 300, keepAliveMs: 1_000 });
  if (options.linger) answerClientErrors(server, options.lingerMs);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, handled: () => handled };
}

/**
 * A client that sends a head and then a body byte every 20 ms and does not stop at the server's FIN
 * (allowHalfOpen), as a slow client that has not read the answer yet does; it stops after `bytes`.
 */
function slowClient(port: number, bytes: number) {
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  let received = '';
  let errorCode: string | undefined;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', (error: NodeJS.ErrnoException) => (errorCode ??= error.code));
  socket.write(HEAD(bytes));
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    if (sent === bytes) {
      clearInterval(timer);
      socket.end();
      return;
    }
    socket.write('x');
    sent += 1;
  }, 20);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { closed, received: () => received, errorCode: () => errorCode, socket };
}

describe('answerClientErrors (lingering close)', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  it('answers 408 and keeps reading: a client still sending after the answer is not reset, and reads the 408', async () => {
    const started = await serverWith({ linger: true });
    server = started.server;
    const client = slowClient(started.port, 40); // 800 ms of body: cut at ~300-600 ms, then 200+ ms more bytes
    await client.closed;
    expect(client.received()).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    expect(client.errorCode()).toBeUndefined();
    // The body was complete during the linger; the client had been told 408, so nothing acted on it.
    expect(started.handled()).toBe(0);
  });

  it('without it (Node destroys at once), the same client is reset', async () => {
    const started = await serverWith({ linger: false });
    server = started.server;
    const client = slowClient(started.port, 40);
    await client.closed;
    expect(['ECONNRESET', 'EPIPE']).toContain(client.errorCode());
  });

  it('ends the linger when the client closes, and after lingerMs for one that never does', async () => {
    const started = await serverWith({ linger: true, lingerMs: 500 });
    server = started.server;
    /** When the server let go of each connection, by the client's port. */
    const released = new Map<number, number>();
    started.server.on('connection', (socket: net.Socket) => {
      const port = socket.remotePort ?? 0;
      socket.once('close', () => released.set(port, Date.now()));
    });
    /** The client's port (gone from the socket once it is closed). */
    const ports = new Map<net.Socket, number>();
    const endOf = (socket: net.Socket) => {
      socket.on('error', () => undefined);
      socket.once('connect', () => ports.set(socket, socket.localPort ?? 0));
      socket.resume();
      return new Promise<number>((resolve) => socket.once('end', () => resolve(Date.now())));
    };
    const polite = net.connect(started.port, '127.0.0.1'); // closes its side when the server does
    const stubborn = net.connect({ port: started.port, host: '127.0.0.1', allowHalfOpen: true }); // never does
    const [politeAnswered, stubbornAnswered] = await Promise.all([endOf(polite), endOf(stubborn)]);
    const releasedAt = async (socket: net.Socket) => {
      const port = ports.get(socket) ?? 0;
      while (!released.has(port)) await new Promise((resolve) => setTimeout(resolve, 10));
      return released.get(port) ?? 0;
    };
    expect((await releasedAt(polite)) - politeAnswered).toBeLessThan(250);
    expect((await releasedAt(stubborn)) - stubbornAnswered).toBeGreaterThanOrEqual(450);
    stubborn.destroy();
  });

  it('marks the connection with the status sent, for the access line', async () => {
    const started = await serverWith({ linger: true });
    server = started.server;
    const seen = new Promise<number | undefined>((resolve) =>
      started.server.once('clientError', (_error: Error, socket: net.Socket) => setImmediate(() => resolve(cutStatusOf(socket)))),
    );
    const client = net.connect(started.port, '127.0.0.1');
    client.on('error', () => undefined);
    client.write('GET / HTTP/1.1\r\nHost: \x01bad\r\n\r\n');
    expect(await seen).toBe(400);
    client.destroy();
  });
});

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Logger } from '@nestjs/common';

/**
 * The HTTP half of a graceful stop. Created on the server before it listens, it keeps the open
 * connections in view; `drain(timeoutMs)` then
 * - stops accepting connections (`server.close`),
 * - closes idle keep-alive connections at once, and every busy one right after its response (which
 *   says `Connection: close`),
 * - destroys whatever is still open after `timeoutMs`: typically a client that sent half a request
 *   body and went quiet, which would otherwise hold the process for minutes,
 * and resolves with the number of connections it had to cut.
 */
export class HttpDrain {
  private readonly sockets = new Set<Socket>();
  private readonly responses = new Set<ServerResponse>();
  private draining = false;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    // Before the app's own listener, so every response is known from its start.
    server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      if (this.draining) response.setHeader('Connection', 'close');
      this.responses.add(response);
      response.once('close', () => {
        this.responses.delete(response);
        if (this.draining) setImmediate(() => this.server.closeIdleConnections());
      });
    });
  }

  async drain(timeoutMs: number): Promise<{ cut: number }> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const response of this.responses) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    }
    this.server.closeIdleConnections();

    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), timeoutMs)));
    const outcome = await Promise.race([closed.then(() => 'closed' as const), expired]);
    clearTimeout(timer);
    if (outcome === 'closed') return { cut: 0 };

    const cut = this.sockets.size;
    for (const socket of this.sockets) socket.destroy();
    await closed;
    return { cut };
  }
}

/**
 * Stops the app on SIGTERM or SIGINT: drains HTTP (above) for at most `timeoutMs`, then closes the
 * app, whose shutdown hooks stop the mail relay, drain the queue and close the database, and exits
 * with code 0. A second signal during the stop, or a close that hangs, exits at once with code 1.
 * (Nest's own `enableShutdownHooks` would close the database before the server stops taking
 * requests, wait for every connection without a limit, and exit by re-raising the signal.)
 */
export function stopOnSignals(app: { getHttpServer(): Server; close(): Promise<void> }, timeoutMs: number): void {
  const logger = new Logger('Shutdown');
  const drain = new HttpDrain(app.getHttpServer());
  const seconds = timeoutMs / 1000;
  let stopping = false;

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.error(`${signal} again while stopping: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.log(`${signal}: no new connections; requests under way get up to ${seconds} s (SHUTDOWN_TIMEOUT)`);
    const { cut } = await drain.drain(timeoutMs);
    if (cut > 0) logger.warn(`${cut} connection${cut === 1 ? '' : 's'} still open ${cut === 1 ? 'was' : 'were'} cut after SHUTDOWN_TIMEOUT (${seconds} s)`);
    const hung = setTimeout(
      () => {
        logger.error(`Closing the app took longer than ${Math.max(seconds, 5)} s more; exiting without waiting`);
        process.exit(1);
      },
      Math.max(timeoutMs, 5_000),
    );
    try {
      await app.close();
    } catch (error) {
      logger.error(`Closing the app failed: ${(error as Error).message}`, (error as Error).stack);
      process.exit(1);
    }
    clearTimeout(hung);
    logger.log('Stopped');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

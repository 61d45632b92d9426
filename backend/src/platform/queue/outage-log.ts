import type { Logger } from '@nestjs/common';

/** ioredis/BullMQ errors that mean "Redis cannot be reached" rather than a fault of ours. */
export function isConnectionError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/.test(code)) return true;
  return (
    typeof message === 'string' &&
    /Connection is closed|Stream isn't writeable|max retries per request|Command timed out|Redis is not connected|connect E[A-Z]+/i.test(message)
  );
}

/**
 * Says once that Redis went away and once that it is back, however many connection errors (one per
 * reconnect attempt and per connection) come in between. Errors that are not about the connection
 * are logged every time.
 */
export class OutageLog {
  private down = false;

  constructor(
    private readonly logger: Logger,
    /** e.g. "Job queue: Redis" */
    private readonly what: string,
    /** what happens meanwhile, e.g. "mail waits in the outbox" */
    private readonly meanwhile: string,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  error(error: unknown): void {
    if (!isConnectionError(error)) {
      this.logger.error(`${this.what}: ${(error as Error)?.message ?? String(error)}`);
      return;
    }
    this.wentDown(error);
  }

  wentDown(reason: unknown): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn(`${this.what} is unreachable (${(reason as Error)?.message ?? String(reason)}); ${this.meanwhile}`);
  }

  cameBack(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.log(`${this.what} is back`);
  }
}

import { Controller, Get, Logger, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { JobQueue, type ServiceState } from '../queue/job-queue.port';
import { RepeatingJobs } from '../queue/repeating-jobs';
import { rateLimitStoreOf } from '../rate-limit/redis-throttler.storage';

@ApiTags('platform')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger(HealthController.name);
  /** The checks that failed last time: a failure is logged when it starts, not on every call. */
  private readonly failing = new Set<string>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly repeating: RepeatingJobs,
    private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly rateLimitStorage: ThrottlerStorage,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Database and queue state, and the repeating jobs missing from the queue (503 when the database is down; 200 "degraded" while only the queue is, or a schedule is missing), and where rate-limit counters live',
  })
  async check(@Res() res: Response): Promise<void> {
    const [database, queue, schedules] = await Promise.all([
      this.database(),
      this.queue.state().then((state) => this.withoutErrorText('Queue', state)),
      this.schedules(),
    ]);
    // Without its database the shop cannot answer: take the instance out of rotation (503). Without
    // the queue it still serves everything (mail waits in the outbox); a 503 then would make a load
    // balancer drop every instance at once, since they share the one Redis.
    const status = !database.ok ? 503 : 200;
    res.status(status).json({
      success: database.ok,
      status: database.ok && queue.ok && schedules.ok ? 'ok' : 'degraded',
      ...(!database.ok
        ? { message: 'A service the shop needs is down.', error: 'unavailable' }
        : !queue.ok
          ? { message: 'Mail is delayed: the job queue is unreachable, mail waits in the outbox.' }
          : !schedules.ok
            ? {
                message: `Repeating jobs have no schedule in the queue: ${schedules.missing?.join(', ')}. A worker declares them again within ${Math.ceil(this.config.scheduleCheckEveryMs / 1000)} s.`,
              }
            : {}),
      database,
      queue,
      // Shop-wide: one schedule per Redis, kept by every worker (docs/operations.md#schedules-that-heal).
      schedules,
      // Informational: while Redis is away the counters fall back to this instance's memory.
      rateLimits: { store: rateLimitStoreOf(this.rateLimitStorage) },
    });
  }

  /** The registered repeating jobs the queue has no schedule for; unknown (ok: false, no names) while the queue cannot tell. */
  private async schedules(): Promise<{ ok: boolean; missing?: string[] }> {
    // The queue cannot tell only while it is unreachable: the queue's own check says so and logs why.
    const missing = await this.repeating.missing().catch(() => null);
    if (missing === null) return { ok: false };
    return missing.length ? { ok: false, missing } : { ok: true };
  }

  private async database(): Promise<ServiceState> {
    const kind = this.config.database.kind;
    try {
      await this.dataSource.query('SELECT 1');
      return { kind, ok: true };
    } catch (error) {
      return this.withoutErrorText('Database', { kind, ok: false, detail: (error as Error).message });
    }
  }

  /**
   * Anyone may call /api/health: the error text of a failed check (host names, ports, user names,
   * driver messages) goes to the log, the answer only says the service is down.
   */
  private withoutErrorText(name: string, state: ServiceState): ServiceState {
    if (state.ok) {
      if (this.failing.delete(name)) this.logger.log(`${name} check passes again`);
      return state;
    }
    if (!this.failing.has(name)) this.logger.error(`${name} check failed: ${state.detail ?? 'no detail'}`);
    this.failing.add(name);
    return { kind: state.kind, ok: false };
  }
}

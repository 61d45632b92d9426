import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { JobQueue, type ServiceState } from '../queue/job-queue.port';

@ApiTags('platform')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Database and queue state; 503 when either is down' })
  async check(@Res() res: Response): Promise<void> {
    const [database, queue] = await Promise.all([this.database(), this.queue.state()]);
    const ok = database.ok && queue.ok;
    res.status(ok ? 200 : 503).json({
      success: ok,
      status: ok ? 'ok' : 'degraded',
      ...(ok ? {} : { message: 'A service the shop needs is down.', error: 'unavailable' }),
      database,
      queue,
    });
  }

  private async database(): Promise<ServiceState> {
    const kind = this.config.database.kind;
    try {
      await this.dataSource.query('SELECT 1');
      return { kind, ok: true };
    } catch (error) {
      return { kind, ok: false, detail: (error as Error).message };
    }
  }
}

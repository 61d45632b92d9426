import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { JobQueue, type QueueName, runsJobs } from './job-queue.port';

/** A job the queue runs every `everyMs` (a module's sweep or sync pass). */
export interface RepeatingJob {
  queue: QueueName;
  jobName: string;
  everyMs: number;
}

/** How a repeating job is named in logs and in /api/health: `queue/jobName`. */
export const repeatingJobName = (job: Pick<RepeatingJob, 'queue' | 'jobName'>): string => `${job.queue}/${job.jobName}`;

/**
 * The repeating jobs of this app, and the one thing that keeps their schedules
 * (docs/operations.md#schedules-that-heal). Modules register theirs at start (`register`); platform
 * knows none of them. In a process that runs jobs, each is declared at start (with this process's
 * interval) and then kept: every SCHEDULE_CHECK_EVERY_MS, and at once when the queue's connection is
 * ready again, the queue is asked whether each still has its schedule, and a missing one (a Redis
 * that restarted empty, a failover, a FLUSHALL) is declared again. Declaring is idempotent (one
 * schedule per job name, whatever the number of workers), and a job scheduled `every` runs at once
 * when declared, so a forgotten sweep runs again within one check. A web process declares nothing,
 * but can still tell what is missing (`missing`, shown by /api/health).
 */
@Injectable()
export class RepeatingJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Queue');
  private readonly jobs = new Map<string, RepeatingJob>();
  private started = false;
  private timer?: NodeJS.Timeout;
  private stopReconnects?: () => void;
  /** The check under way, and whether another was asked for meanwhile (checks never overlap). */
  private checking: Promise<void> | null = null;
  private checkAgain = false;
  /** Whether the last check failed (the queue unreachable): the failure is logged once, not every check. */
  private failing = false;
  /** Until the declaration at start went through (Redis was away then), each check declares every job, present or not. */
  private declaredAll = false;

  constructor(
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
  ) {}

  /** Adds a repeating job (a second registration of the same job name replaces the first). */
  register(job: RepeatingJob): void {
    this.jobs.set(repeatingJobName(job), job);
    if (this.started) void this.declare([job]);
  }

  get registered(): readonly RepeatingJob[] {
    return [...this.jobs.values()];
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!runsJobs(this.config.role)) return;
    this.started = true;
    this.timer = setInterval(() => void this.check(), this.config.scheduleCheckEveryMs);
    this.timer.unref();
    this.stopReconnects = this.queue.onReconnect(() => void this.check());
    // At start every schedule is declared, present or not, so this process's interval holds.
    await this.check();
  }

  onModuleDestroy(): void {
    this.started = false;
    clearInterval(this.timer);
    this.stopReconnects?.();
  }

  /** The registered jobs that have no schedule in the queue now, by name. Throws when the queue cannot tell. */
  async missing(): Promise<string[]> {
    const jobs = this.registered;
    const scheduled = await Promise.all(jobs.map((job) => this.queue.isScheduled(job.queue, job.jobName)));
    return jobs
      .filter((_, i) => !scheduled[i])
      .map(repeatingJobName)
      .sort();
  }

  /** Declares again every registered job the queue has no schedule for. One check at a time; a check asked for meanwhile runs after it. */
  check(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return this.checking;
    }
    this.checking = this.checkOnce().finally(() => {
      this.checking = null;
      if (this.checkAgain && this.started) {
        this.checkAgain = false;
        void this.check();
      }
    });
    return this.checking;
  }

  private async checkOnce(): Promise<void> {
    if (!this.started) return;
    if (!this.declaredAll) {
      await this.declare(this.registered);
      this.declaredAll = !this.failing;
      return;
    }
    let gone: RepeatingJob[];
    try {
      const names = new Set(await this.missing());
      gone = this.registered.filter((job) => names.has(repeatingJobName(job)));
    } catch (error) {
      this.failed(error);
      return;
    }
    if (!this.started) return; // stopping meanwhile
    if (gone.length === 0) return this.passed();
    this.logger.warn(`The queue lost the schedule of ${gone.map(repeatingJobName).join(', ')} (Redis restarted empty or was emptied): declaring again`);
    await this.declare(gone);
  }

  private async declare(jobs: readonly RepeatingJob[]): Promise<void> {
    try {
      for (const job of jobs) await this.queue.repeat(job.queue, job.jobName, job.everyMs);
      this.passed();
    } catch (error) {
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.logger.warn(
      `The repeating jobs' schedules cannot be checked now (${(error as Error).message}); they are declared again once the queue answers (checked every ${this.config.scheduleCheckEveryMs} ms)`,
    );
  }

  private passed(): void {
    if (!this.failing) return;
    this.failing = false;
    this.logger.log("The repeating jobs' schedules are in place again");
  }
}

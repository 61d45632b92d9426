import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { type EnqueueOptions, JobQueue, type QueueName, type ServiceState } from './job-queue.port';
import { JOB_OPTIONS } from './bullmq.job-queue';

/**
 * The metadata key `@Processor(queue)` of @nestjs/bullmq writes on a processor class. The in-process
 * queue finds the same processor classes BullMQ's explorer finds (a spec pins this key).
 */
export const PROCESSOR_METADATA = 'bullmq:processor_metadata';

/**
 * Runs jobs in this process, after the current request, with the same processors and the same retry
 * policy as the BullMQ adapter. For the embedded profile: jobs do not survive a restart.
 */
@Injectable()
export class InProcessJobQueue extends JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Queue');
  private readonly processors = new Map<string, WorkerHost>();
  private readonly running = new Set<Promise<void>>();
  /** The repeating jobs' timers, by `queue/jobName`. */
  protected readonly schedules = new Map<string, { everyMs: number; timer: NodeJS.Timeout }>();
  /** Retries waiting for their back-off: woken at shutdown for a last attempt at once. */
  private readonly sleepers = new Set<() => void>();
  private sequence = 0;
  private stopping = false;

  constructor(private readonly discovery: DiscoveryService) {
    super();
  }

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const metatype = wrapper.metatype as Function | undefined;
      if (!metatype || !wrapper.instance) continue;
      const options = Reflect.getMetadata(PROCESSOR_METADATA, metatype) as { name?: string } | undefined;
      if (options?.name) this.processors.set(options.name, wrapper.instance as WorkerHost);
    }
  }

  async enqueue(queue: QueueName, jobName: string, data: object, options: EnqueueOptions = {}): Promise<void> {
    const processor = this.processors.get(queue);
    if (!processor) throw new Error(`No processor is registered for queue "${queue}"`);
    if (this.stopping) throw new Error('The in-process queue is stopping');
    const id = options.jobId ?? String(++this.sequence);
    const run = this.run(processor, queue, { id, name: jobName, data, attemptsMade: 0 });
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /**
   * Every `everyMs` while this process runs; a tick is skipped while the previous one still runs. One
   * timer per job name, as BullMQ keeps one schedule: a second call only changes the interval.
   */
  async repeat(queue: QueueName, jobName: string, everyMs: number): Promise<void> {
    const key = `${queue}/${jobName}`;
    const current = this.schedules.get(key);
    if (current?.everyMs === everyMs) return;
    if (current) clearInterval(current.timer);
    let busy = false;
    const timer = setInterval(() => {
      const processor = this.processors.get(queue);
      if (busy || this.stopping || !processor) return;
      busy = true;
      const run = this.run(processor, queue, { id: String(++this.sequence), name: jobName, data: {}, attemptsMade: 0 }, 1).finally(() => {
        busy = false;
        this.running.delete(run);
      });
      this.running.add(run);
    }, everyMs);
    timer.unref();
    this.schedules.set(key, { everyMs, timer });
  }

  async isScheduled(queue: QueueName, jobName: string): Promise<boolean> {
    return this.schedules.has(`${queue}/${jobName}`);
  }

  /** Never: the queue lives in this process, it has no connection to lose. */
  onReconnect(): () => void {
    return () => undefined;
  }

  private async run(
    processor: WorkerHost,
    queue: string,
    job: { id: string; name: string; data: object; attemptsMade: number },
    attempts: number = JOB_OPTIONS.attempts,
  ) {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      await this.pause(attempt === 1 ? 0 : JOB_OPTIONS.backoff.delay * 2 ** (attempt - 2));
      try {
        await processor.process({ ...job, attemptsMade: attempt - 1 } as unknown as Job);
        return;
      } catch (error) {
        const last = attempt === attempts || this.stopping;
        this.logger.error(`Job ${queue}/${job.name}#${job.id} failed (attempt ${attempt} of ${attempts}${last ? ', giving up' : ''}): ${(error as Error).message}`);
        if (last) return;
      }
    }
  }

  private pause(ms: number): Promise<void> {
    if (ms > 0 && this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      if (ms > 0) this.sleepers.add(wake);
    });
  }

  /**
   * Drains before the process stops: attempts under way finish, a job waiting for its next retry gets
   * its last attempt now instead of after the back-off, and no new retries start.
   */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    for (const { timer } of this.schedules.values()) clearInterval(timer);
    this.schedules.clear();
    for (const wake of [...this.sleepers]) wake();
    await Promise.allSettled([...this.running]);
  }

  async state(): Promise<ServiceState> {
    return { kind: 'in-process', ok: true };
  }
}

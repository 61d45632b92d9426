import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import { getQueueToken, WorkerHost } from '@nestjs/bullmq';
import { AppConfig } from '../config/app-config';
import { type JobsOptions, type Processor, Queue, Worker, type WorkerOptions } from 'bullmq';
import { type EnqueueOptions, JobQueue, type QueueName, QueueNames, runsJobs, type ServiceState } from './job-queue.port';
import { OutageLog } from './outage-log';

/** Retries with back-off, and bounded history kept in Redis. */
export const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: 1_000,
  removeOnFail: 5_000,
} as const;

const DAY_S = 24 * 60 * 60;

/** How long an id given with `jobId` stays known to BullMQ after its job finished and was removed. */
export const JOB_ID_KEPT_MS = DAY_S * 1000;
/** A job that Redis has not taken within this time counts as not enqueued (the producer retries). */
const ENQUEUE_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One log for the Redis connections of every queue and worker of this process. */
const outage = new OutageLog(new Logger('Queue'), 'Job queue: Redis', 'repeating jobs are declared again once it is back; mail goes out from the database meanwhile');

/** Listens to a queue's or worker's Redis errors from its first moment (no raw error dump, no "Unhandled error event"). */
function watchRedis(emitter: Queue | Worker): void {
  (emitter as Queue).on('error', (error: Error) => outage.error(error));
  emitter
    .getBackend()
    .client.then((client) => {
      outage.cameBack(); // it resolves once connected, also after a start while Redis was away
      client.on('ready', () => outage.cameBack());
    })
    .catch(() => undefined);
}

/** BullMQ's Queue, watched. QueueModule hands it to @nestjs/bullmq (`BullModule.queueClass`). */
export class WatchedQueue extends Queue {
  constructor(...args: ConstructorParameters<typeof Queue>) {
    super(...args);
    watchRedis(this);
  }
}

/**
 * BullMQ's Worker, watched, holding its jobs for `lockMs` (QUEUE_LOCK_MS): the lock is renewed every
 * half of it, and a job whose worker died runs again once the lock ran out and a stalled-job check,
 * every `lockMs`, found it twice. QueueModule hands the class to @nestjs/bullmq (`BullModule.workerClass`).
 */
export function watchedWorker(lockMs: number): typeof Worker {
  // @nestjs/bullmq makes its workers with these three arguments.
  class WatchedWorker extends Worker {
    constructor(name: string, processor: Processor | string | URL | null | undefined, options: WorkerOptions) {
      super(name, processor, { ...options, lockDuration: lockMs, stalledInterval: lockMs });
      watchRedis(this);
    }
  }
  return WatchedWorker as typeof Worker;
}

/**
 * The JobQueue on BullMQ. While Redis is unreachable it fails fast instead of waiting (its connections
 * retry without limit, so a command would otherwise wait for Redis to come back); the connection
 * errors of every queue and worker are listened to (WatchedQueue, watchedWorker): the outage is logged
 * once, not once per reconnect attempt, and no "Unhandled error event" reaches the console.
 */
@Injectable()
export class BullMqJobQueue extends JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Queue');
  private readonly workers: Worker[] = [];

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly discovery: DiscoveryService,
    private readonly config: AppConfig,
    private readonly queues: QueueNames,
  ) {
    super();
  }

  /** The processors' workers (BullModule makes them in its own init hook), for the shutdown below. */
  onApplicationBootstrap(): void {
    if (!runsJobs(this.config.role)) {
      this.logger.log('PROCESS_ROLE=web: jobs are enqueued here and run by the worker processes');
      return;
    }
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as unknown;
      if (!(instance instanceof WorkerHost)) continue;
      try {
        this.workers.push(instance.worker);
      } catch {
        // a processor without a worker has nothing to close
      }
    }
  }

  /**
   * Runs before BullMQ's own shutdown hooks. With Redis up they close as usual (a worker lets its job
   * finish). With Redis away they would wait for it forever (QUIT and the worker's blocking command are
   * queued until Redis answers), so workers and queues are closed here by force, without a word to
   * Redis: a job that was running is left to BullMQ's stalled-job check, which runs it again.
   */
  async beforeApplicationShutdown(): Promise<void> {
    const emitters: Array<Queue | Worker> = [...this.queues.all.map((name) => this.queue(name)), ...this.workers];
    const clients = (
      await Promise.all(
        emitters.flatMap((emitter) => {
          const backend = emitter.getBackend();
          return [backend.client, backend.blockingClient].map((client) => (client ? withTimeout(client, 200, 'not connected').catch(() => null) : Promise.resolve(null)));
        }),
      )
    ).filter((client) => client !== null);
    const reachable = clients.length > 0 && clients.every((client) => client.status === 'ready');
    if (reachable) return;
    this.logger.warn('Redis is unreachable at shutdown: the queue closes without waiting for it');
    const closing = [...this.workers.map((worker) => worker.close(true)), ...this.queues.all.map((name) => this.queue(name).getBackend().close(true))];
    await Promise.all(closing.map((closed) => withTimeout(closed, 2_000, 'did not close').catch(() => undefined)));
  }

  private queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  /** Throws at once unless the queue's Redis connection is up. */
  private async connected(queue: Queue): Promise<void> {
    const client = await withTimeout(queue.getBackend().client, 1_000, 'Redis is not connected');
    if (client.status !== 'ready') throw new Error(`Redis is not connected (${client.status})`);
  }

  async enqueue(queue: QueueName, jobName: string, data: object, options: EnqueueOptions = {}): Promise<void> {
    const target = this.queue(queue);
    await this.connected(target);
    const idOptions: JobsOptions = options.jobId ? { jobId: options.jobId, deduplication: { id: options.jobId, ttl: JOB_ID_KEPT_MS } } : {};
    await withTimeout(
      target.add(jobName, data, { ...JOB_OPTIONS, ...idOptions }),
      ENQUEUE_TIMEOUT_MS,
      `Redis did not take the job within ${ENQUEUE_TIMEOUT_MS / 1000} s`,
    );
  }

  /** Fails fast while Redis is away; RepeatingJobs declares it again once Redis answers. */
  async repeat(queue: QueueName, jobName: string, everyMs: number): Promise<void> {
    const target = this.queue(queue);
    await this.connected(target);
    await withTimeout(
      target.upsertJobScheduler(jobName, { every: everyMs }, { name: jobName, data: {}, opts: { attempts: 1, removeOnComplete: true, removeOnFail: 100 } }),
      ENQUEUE_TIMEOUT_MS,
      'Redis did not take the schedule in time',
    );
  }

  async isScheduled(queue: QueueName, jobName: string): Promise<boolean> {
    const target = this.queue(queue);
    await this.connected(target);
    return (await withTimeout(target.getJobScheduler(jobName), 2_000, 'Redis did not answer within 2 s')) !== undefined;
  }

  /** On every later 'ready' of each queue's connection (ioredis reconnects by itself). */
  onReconnect(listener: () => void): () => void {
    const attached: Array<{ off(event: 'ready', listener: () => void): unknown }> = [];
    let stopped = false;
    for (const name of this.queues.all) {
      this.queue(name)
        .getBackend()
        .client.then((client) => {
          if (stopped) return;
          client.on('ready', listener);
          attached.push(client);
        })
        .catch(() => undefined); // a queue that never connects never reconnects either
    }
    return () => {
      stopped = true;
      for (const client of attached) client.off('ready', listener);
    };
  }

  /** Redis answers for every queue of this process, with their jobs waiting, running and failed. */
  async state(): Promise<ServiceState> {
    try {
      const counts = await Promise.all(
        this.queues.all.map(async (name) => {
          const queue = this.queue(name);
          await this.connected(queue);
          return withTimeout(queue.getJobCounts('waiting', 'active', 'failed'), 2_000, 'Redis did not answer within 2 s');
        }),
      );
      const total = (key: string) => counts.reduce((sum, count) => sum + (count[key] ?? 0), 0);
      return { kind: 'bullmq', ok: true, detail: `${this.queues.all.length} queues: ${total('waiting')} waiting, ${total('active')} active, ${total('failed')} failed` };
    } catch (error) {
      return { kind: 'bullmq', ok: false, detail: (error as Error).message };
    }
  }
}

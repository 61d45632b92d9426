import type { ProcessRole } from '../config/app-config';

/**
 * A queue's name. A processor class subscribes to one with `@Processor(name)`. Platform names no
 * queue: each module names its queues and job contracts, and the app hands the list to PlatformModule
 * (app.module.ts), so platform knows no module (docs/architecture.md#platform). Mail has no queue: the
 * outbox relay sends it from the database (docs/operations.md#mail).
 */
export type QueueName = string;

/**
 * Whether a process of this PROCESS_ROLE runs jobs: workers and `all` take jobs from the queues and
 * keep the repeating jobs' schedules; web processes only enqueue (docs/operations.md).
 */
export function runsJobs(role: ProcessRole): boolean {
  return role !== 'web';
}

export interface ServiceState {
  kind: string;
  ok: boolean;
  detail?: string;
}

/**
 * Background jobs. Producers enqueue a small job under a queue and a job name; the processor of that
 * queue (a `WorkerHost` subclass decorated with `@Processor(queue)`) runs it. Adapters: BullMQ on
 * Redis, and an in-process queue with the same contract for the embedded profile.
 */
export interface EnqueueOptions {
  /**
   * The job's id. A second enqueue with the same id adds nothing (BullMQ keeps the id known for a
   * day, also after the job finished), so a producer that retries after a crash does not run the
   * job twice.
   */
  jobId?: string;
}

export abstract class JobQueue {
  /** Fails fast (does not wait for Redis to come back) when the queue cannot take the job now. */
  abstract enqueue(queue: QueueName, jobName: string, data: object, options?: EnqueueOptions): Promise<void>;
  /**
   * Runs `jobName` on `queue` every `everyMs`, once across all instances (BullMQ's job scheduler,
   * keyed by the job name, so a restart or a second instance does not add another schedule; a second
   * call with the same name changes nothing but the interval). Throws when the queue cannot take the
   * schedule now. Modules do not call it: they register their repeating jobs with RepeatingJobs
   * (repeating-jobs.ts), which declares them and declares them again when the queue lost them.
   */
  abstract repeat(queue: QueueName, jobName: string, everyMs: number): Promise<void>;
  /** Whether `jobName` has a schedule on `queue` now (false after Redis lost its data). Throws when the queue cannot tell. */
  abstract isScheduled(queue: QueueName, jobName: string): Promise<boolean>;
  /**
   * Calls `listener` each time the queue's connection is ready again after it was lost (a Redis that
   * restarted may have come back empty). Returns a function that stops the calls.
   */
  abstract onReconnect(listener: () => void): () => void;
  abstract state(): Promise<ServiceState>;
}

/** The queues of this app (platform's mail queue and the ones the modules named), for the BullMQ adapter. */
export class QueueNames {
  constructor(readonly all: readonly QueueName[]) {}
}

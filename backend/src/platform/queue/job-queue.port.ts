/** Names of the queues the app uses. A processor class subscribes to one with `@Processor(name)`. */
export const MAIL_QUEUE = 'mail';
export const QUEUE_NAMES = [MAIL_QUEUE] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

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
export abstract class JobQueue {
  abstract enqueue(queue: QueueName, jobName: string, data: object): Promise<void>;
  abstract state(): Promise<ServiceState>;
}

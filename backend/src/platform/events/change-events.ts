import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { OutageLog } from '../queue/outage-log';
import { redisOptions } from '../queue/queue.module';

/** What changed, by the data a response cache is built from. */
export type ChangeTopic = 'catalogue' | 'plans' | 'documents' | 'countries';

type Handler = () => void;

/**
 * Change events: a write use case publishes what it changed, and the response caches built from
 * that data subscribe, so no use case has to remember which caches to invalidate.
 *
 * - `publish` inside a UnitOfWork transaction waits for its commit (never after a rollback), so a
 *   cache never reloads data that is not stored yet.
 * - In this process the subscribers run at once. With REDIS_URL, the event also goes out on a Redis
 *   pub/sub channel and every other instance runs its subscribers when it arrives (an edit on one
 *   instance is served by the others within the channel's delay, milliseconds). The caches' TTL
 *   stays the bound should Redis be unreachable.
 */
@Injectable()
export class ChangeEvents implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeEvents');
  private readonly outage = new OutageLog(this.logger, 'Change events: Redis', "caches follow this instance's writes only, and their TTL bounds the others'");
  private readonly handlers = new Map<ChangeTopic, Handler[]>();
  private readonly instanceId = randomUUID();
  private readonly channel: string;
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly uow: UnitOfWork,
  ) {
    this.channel = `${config.queuePrefix}:changes`;
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.redisUrl) return;
    const options = { ...redisOptions(this.config.redisUrl), maxRetriesPerRequest: 1, lazyConnect: true };
    this.publisher = new Redis(options);
    this.subscriber = new Redis(options);
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.outage.error(error)); // once per outage, not per reconnect
      client.on('ready', () => this.outage.cameBack());
    }
    this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
    try {
      await this.subscriber.connect();
      await this.subscriber.subscribe(this.channel);
      await this.publisher.connect();
    } catch (error) {
      // Caches still follow this instance's writes, and their TTL bounds the others'.
      this.logger.error(`Change events stay in this instance until Redis answers: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    for (const client of [this.subscriber, this.publisher]) client?.disconnect();
  }

  subscribe(topic: ChangeTopic, handler: Handler): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  /** Announces a change of `topic` once the surrounding transaction (if any) has committed. */
  publish(topic: ChangeTopic): void {
    this.uow.afterCommit(() => {
      this.deliver(topic);
      if (this.publisher?.status === 'ready') {
        this.publisher.publish(this.channel, JSON.stringify({ topic, from: this.instanceId })).catch((error: Error) => {
          this.logger.warn(`Change of ${topic} not sent to other instances: ${error.message}`);
        });
      }
    });
  }

  private receive(message: string): void {
    let event: { topic?: unknown; from?: unknown };
    try {
      event = JSON.parse(message) as typeof event;
    } catch {
      return;
    }
    if (event.from === this.instanceId || typeof event.topic !== 'string' || !this.handlers.has(event.topic as ChangeTopic)) return;
    this.deliver(event.topic as ChangeTopic);
  }

  private deliver(topic: ChangeTopic): void {
    for (const handler of this.handlers.get(topic) ?? []) handler();
  }
}

/** Makes `cache` forget everything whenever `topic` changes, here or on another instance; returns it. */
export function followChanges<C extends { invalidate(): void }>(events: ChangeEvents, topic: ChangeTopic, cache: C): C {
  events.subscribe(topic, () => cache.invalidate());
  return cache;
}

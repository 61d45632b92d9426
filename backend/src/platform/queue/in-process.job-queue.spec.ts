import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { DiscoveryService } from '@nestjs/core';
import { InProcessJobQueue, PROCESSOR_METADATA } from './in-process.job-queue';

/** A processor that fails its first `failures` attempts. */
class FlakyProcessor {
  attempts = 0;
  constructor(private readonly failures: number) {}
  async process(): Promise<void> {
    this.attempts += 1;
    if (this.attempts <= this.failures) throw new Error('SMTP is down');
  }
}
Reflect.defineMetadata(PROCESSOR_METADATA, { name: 'mail' }, FlakyProcessor);

function queueWith(processor: FlakyProcessor): InProcessJobQueue {
  const discovery = { getProviders: () => [{ metatype: FlakyProcessor, instance: processor }] } as unknown as DiscoveryService;
  const queue = new InProcessJobQueue(discovery);
  queue.onApplicationBootstrap();
  return queue;
}

describe('InProcessJobQueue', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('retries a failed job after its back-off', async () => {
    const processor = new FlakyProcessor(1);
    const queue = queueWith(processor);
    await queue.enqueue('mail', 'send-mail', {});
    await new Promise((resolve) => setTimeout(resolve, 2_300)); // first retry after 2 s
    expect(processor.attempts).toBe(2);
    await queue.onApplicationShutdown();
  });

  it('drains at shutdown: a job waiting for its retry gets its last attempt at once, not after the back-off', async () => {
    const processor = new FlakyProcessor(1);
    const queue = queueWith(processor);
    await queue.enqueue('mail', 'send-mail', {});
    await new Promise((resolve) => setTimeout(resolve, 50)); // the first attempt has failed
    expect(processor.attempts).toBe(1);

    const started = Date.now();
    await queue.onApplicationShutdown();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(processor.attempts).toBe(2);
    await expect(queue.enqueue('mail', 'send-mail', {})).rejects.toThrow('The in-process queue is stopping');
  });
});

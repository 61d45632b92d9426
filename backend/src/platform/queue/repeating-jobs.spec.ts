import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { DiscoveryService } from '@nestjs/core';
import type { AppConfig } from '../config/app-config';
import { InProcessJobQueue, PROCESSOR_METADATA } from './in-process.job-queue';
import { RepeatingJobs } from './repeating-jobs';

/** Counts the runs of each job name. */
class CountingProcessor {
  readonly runs = new Map<string, number>();
  async process(job: { name: string }): Promise<void> {
    this.runs.set(job.name, (this.runs.get(job.name) ?? 0) + 1);
  }
}
Reflect.defineMetadata(PROCESSOR_METADATA, { name: 'sweeps' }, CountingProcessor);

/** The in-process queue, able to lose its schedules as a Redis that restarted empty does. */
class ForgetfulQueue extends InProcessJobQueue {
  forgetSchedules(): void {
    for (const { timer } of this.schedules.values()) clearInterval(timer);
    this.schedules.clear();
  }
}

const CHECK_EVERY_MS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not so within ${timeoutMs} ms`);
    await sleep(10);
  }
}

describe('RepeatingJobs on the in-process queue', () => {
  let processor: CountingProcessor;
  let queue: ForgetfulQueue;
  let repeating: RepeatingJobs;
  let warnings: jest.SpyInstance;

  function start(role: AppConfig['role'] = 'all', scheduleCheckEveryMs = CHECK_EVERY_MS): RepeatingJobs {
    processor = new CountingProcessor();
    const discovery = { getProviders: () => [{ metatype: CountingProcessor, instance: processor }] } as unknown as DiscoveryService;
    queue = new ForgetfulQueue(discovery);
    queue.onApplicationBootstrap();
    repeating = new RepeatingJobs(queue, { role, scheduleCheckEveryMs } as AppConfig);
    repeating.register({ queue: 'sweeps', jobName: 'sweep', everyMs: 50 });
    repeating.register({ queue: 'sweeps', jobName: 'sync', everyMs: 50 });
    return repeating;
  }

  beforeEach(() => {
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    repeating.onModuleDestroy();
    await queue.onApplicationShutdown();
    jest.restoreAllMocks();
  });

  it('declares every registered job at start in a process that runs jobs, and they run on their interval', async () => {
    await start().onApplicationBootstrap();
    expect(await repeating.missing()).toEqual([]);
    await until('both jobs ran twice', () => (processor.runs.get('sweep') ?? 0) >= 2 && (processor.runs.get('sync') ?? 0) >= 2);
  });

  it('declares nothing in a web process, and names what has no schedule', async () => {
    await start('web').onApplicationBootstrap();
    expect(await repeating.missing()).toEqual(['sweeps/sweep', 'sweeps/sync']);
    await sleep(150);
    expect(processor.runs.size).toBe(0);
  });

  it('declares a forgotten schedule again at the next check: missing() names it until then', async () => {
    await start().onApplicationBootstrap();
    queue.forgetSchedules();
    const forgotten = Date.now();
    expect(await repeating.missing()).toEqual(['sweeps/sweep', 'sweeps/sync']);
    const before = processor.runs.get('sweep') ?? 0;

    await until('the schedules are back', async () => (await repeating.missing()).length === 0, 10 * CHECK_EVERY_MS);
    const healedAfter = Date.now() - forgotten;
    expect(healedAfter).toBeLessThanOrEqual(CHECK_EVERY_MS + 1_000); // one check interval, and the machine's delay
    await until('the sweep runs again', () => (processor.runs.get('sweep') ?? 0) > before);
    expect(warnings.mock.calls.map(([message]) => String(message))).toContainEqual(expect.stringContaining('lost the schedule of sweeps/sweep, sweeps/sync'));
  });

  it('checks at once when the queue says its connection is back', async () => {
    const listeners: Array<() => void> = [];
    // The in-process queue never reconnects: its onReconnect is replaced by one that hands over the listener.
    jest.spyOn(ForgetfulQueue.prototype, 'onReconnect').mockImplementation(((listener: () => void) => {
      listeners.push(listener);
      return () => undefined;
    }) as never);
    await start('all', 600_000).onApplicationBootstrap(); // no timed check within this case

    queue.forgetSchedules();
    expect(listeners).toHaveLength(1);
    listeners[0]();
    await until('the schedules are back', async () => (await repeating.missing()).length === 0, 2_000);
  });

  it('declares everything at the first check that goes through when the queue could not take it at start', async () => {
    start();
    jest.spyOn(queue, 'repeat').mockRejectedValueOnce(new Error('Redis is not connected'));
    await repeating.onApplicationBootstrap();
    expect(warnings.mock.calls.map(([message]) => String(message))).toContainEqual(expect.stringContaining('cannot be checked now (Redis is not connected)'));
    await until('the schedules are declared', async () => (await repeating.missing()).length === 0, 10 * CHECK_EVERY_MS);
    await until('the sweep runs', () => (processor.runs.get('sweep') ?? 0) > 0);
  });

  it('is idempotent: checks and declarations in a row keep one schedule per job, not one more each', async () => {
    await start().onApplicationBootstrap();
    repeating.register({ queue: 'sweeps', jobName: 'sweep', everyMs: 50 }); // declared again at once
    await Promise.all([repeating.check(), repeating.check(), repeating.check()]);
    const from = processor.runs.get('sweep') ?? 0;
    const started = Date.now();
    await sleep(500);
    const ticks = (processor.runs.get('sweep') ?? 0) - from;
    // One timer of 50 ms gives at most one run per 50 ms of the time measured; a second would double it.
    expect(ticks).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 50) + 1);
    expect(ticks).toBeGreaterThan(0);
  });
});

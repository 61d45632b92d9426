import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ManualClock } from '../../../../../test/support/fakes';
import { InMemoryLedger, RecordingJobQueue, ScriptedPanel } from '../../../../../test/fulfilment/in-memory';
import type { AppConfig } from '../../../../platform/config/app-config';
import { RepeatingJobs } from '../../../../platform/queue/repeating-jobs';
import { PlaceOrderUseCase } from '../../application/place-order.use-case';
import { ShortfallJobs } from '../../application/shortfall-jobs';
import { PlacementJobs } from '../../application/placement-jobs';
import { ProviderError } from '../../application/provider-panel.port';
import { SyncFulfilmentUseCase } from '../../application/sync-fulfilment.use-case';
import { FulfilmentProcessor, FulfilmentSchedule } from './fulfilment.processor';

const job = (name: string, data: object = {}) => ({ name, data }) as Job;

describe('FulfilmentProcessor and FulfilmentSchedule', () => {
  let ledger: InMemoryLedger;
  let panel: ScriptedPanel;
  let processor: FulfilmentProcessor;

  beforeEach(() => {
    ledger = new InMemoryLedger();
    panel = new ScriptedPanel();
    const clock = new ManualClock();
    processor = new FulfilmentProcessor(
      new PlaceOrderUseCase(ledger, panel, clock),
      new SyncFulfilmentUseCase(ledger, panel, new PlacementJobs(new RecordingJobQueue()), clock, new ShortfallJobs(new RecordingJobQueue())),
    );
    for (const level of ['log', 'warn', 'error'] as const) jest.spyOn(Logger.prototype, level).mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it("runs place-order for the job's subscription", async () => {
    const s = ledger.add();
    await ledger.queue(s.subscriptionId, { serviceId: '3', quantity: 1000 }, new Date());
    expect(await processor.process(job('place-order', { subscriptionId: s.subscriptionId }))).toEqual({ outcome: 'placed', upstreamOrderId: '1000' });
  });

  it('runs the sync pass and fails the job when a status call failed (the queue records it)', async () => {
    expect(await processor.process(job('fulfilment-sync'))).toEqual({
      orders: 0,
      requests: 0,
      updated: 0,
      finished: 0,
      unsynced: 0,
      ms: expect.any(Number),
      refills: null,
    });
    const s = ledger.add();
    await ledger.queue(s.subscriptionId, { serviceId: '3', quantity: 1000 }, new Date());
    await processor.process(job('place-order', { subscriptionId: s.subscriptionId }));
    panel.statusAnswers.push(new ProviderError('unclear', 'The provider answered HTTP 502'));
    await expect(processor.process(job('fulfilment-sync'))).rejects.toThrow('Fulfilment sync stopped after 1 status call(s): The provider answered HTTP 502');
  });

  it('refuses a job it does not know', async () => {
    await expect(processor.process(job('reticulate-splines'))).rejects.toThrow('Unknown fulfilment job "reticulate-splines"');
  });

  it('registers the sync pass as a repeating job every FULFILMENT_SYNC_EVERY_MS with the api-v2 panel, and not with the manual panel', async () => {
    const config = { role: 'all', scheduleCheckEveryMs: 15_000, fulfilment: { syncEveryMs: 60_000 } } as AppConfig;
    const queue = new RecordingJobQueue();
    const repeating = new RepeatingJobs(queue, config);
    new FulfilmentSchedule(repeating, new ScriptedPanel(false), config).onModuleInit();
    expect(repeating.registered).toEqual([]);
    new FulfilmentSchedule(repeating, new ScriptedPanel(true), config).onModuleInit();
    expect(repeating.registered).toEqual([{ queue: 'fulfilment', jobName: 'fulfilment-sync', everyMs: 60_000 }]);
    await repeating.onApplicationBootstrap();
    expect(queue.schedules).toEqual([{ queue: 'fulfilment', name: 'fulfilment-sync', everyMs: 60_000 }]);
    repeating.onModuleDestroy();
  });
});

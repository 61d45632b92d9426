import { Logger } from '@nestjs/common';
import { ManualClock } from '../../../../test/support/fakes';
import { CommittingUnitOfWork, InMemoryLedger, InMemoryTierMappings, RecordingJobQueue, ScriptedPanel } from '../../../../test/fulfilment/in-memory';
import { FulfilmentIntake } from './fulfilment-intake';
import { PlacementJobs } from './placement-jobs';

describe("FulfilmentIntake.accept (a new subscription, inside the payment's transaction)", () => {
  function setUp(panel = new ScriptedPanel()) {
    const uow = new CommittingUnitOfWork();
    const ledger = new InMemoryLedger();
    const mappings = new InMemoryTierMappings();
    const queue = new RecordingJobQueue();
    const clock = new ManualClock();
    const intake = new FulfilmentIntake(uow, panel, mappings, ledger, new PlacementJobs(queue), clock);
    const pricingId = mappings.addTier('plan-1');
    const subscription = ledger.add({ pricing: { pricingId, name: 'Growth', price: '49.99', description: '', features: [], isPopular: false, currency: 'USD' } });
    return { uow, ledger, mappings, queue, clock, intake, subscription, pricingId };
  }

  it('queues a subscription of a mapped tier with its service and quantity, and enqueues its job only after the commit', async () => {
    const { uow, ledger, mappings, queue, clock, intake, subscription, pricingId } = setUp();
    await mappings.save({ pricingId, serviceId: '7', serviceName: 'Views', quantity: 1000, refillDays: 0, updatedAt: clock.now() });

    const enqueuedInside: number[] = [];
    await uow.run(async () => {
      expect(await intake.accept(subscription)).toBe(true);
      enqueuedInside.push(queue.jobs.length);
    });

    expect(enqueuedInside).toEqual([0]);
    expect(ledger.get(subscription.subscriptionId).fulfilment).toMatchObject({ state: 'queued', serviceId: '7', quantity: 1000, queuedAt: clock.now() });
    expect(queue.jobs).toEqual([
      {
        queue: 'fulfilment',
        name: 'place-order',
        data: { subscriptionId: subscription.subscriptionId },
        jobId: `place-${subscription.subscriptionId}-${clock.now().getTime()}`,
      },
    ]);
  });

  it('enqueues nothing when the transaction rolls back', async () => {
    const { uow, mappings, queue, clock, intake, subscription, pricingId } = setUp();
    await mappings.save({ pricingId, serviceId: '7', serviceName: 'Views', quantity: 1000, refillDays: 0, updatedAt: clock.now() });
    await expect(
      uow.run(async () => {
        await intake.accept(subscription);
        throw new Error('the mail could not be written');
      }),
    ).rejects.toThrow('the mail could not be written');
    expect(queue.jobs).toEqual([]);
  });

  it('leaves a tier without a mapping manual', async () => {
    const { uow, ledger, queue, intake, subscription } = setUp();
    expect(await uow.run(() => intake.accept(subscription))).toBe(false);
    expect(ledger.get(subscription.subscriptionId).fulfilment).toBeNull();
    expect(queue.jobs).toEqual([]);
  });

  it('leaves every tier manual with the manual panel, mapped or not', async () => {
    const { uow, ledger, mappings, queue, clock, intake, subscription, pricingId } = setUp(new ScriptedPanel(false));
    await mappings.save({ pricingId, serviceId: '7', serviceName: 'Views', quantity: 1000, refillDays: 0, updatedAt: clock.now() });
    expect(await uow.run(() => intake.accept(subscription))).toBe(false);
    expect(ledger.get(subscription.subscriptionId).fulfilment).toBeNull();
    expect(queue.jobs).toEqual([]);
  });

  it('keeps the payment when the job cannot be enqueued (Redis away): the order stays queued for the sync pass', async () => {
    const { uow, ledger, mappings, queue, clock, intake, subscription, pricingId } = setUp();
    await mappings.save({ pricingId, serviceId: '7', serviceName: 'Views', quantity: 1000, refillDays: 0, updatedAt: clock.now() });
    queue.failing = true;
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await expect(uow.run(() => intake.accept(subscription))).resolves.toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ledger.get(subscription.subscriptionId).fulfilment?.state).toBe('queued');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the next sync pass enqueues it again'));
    warn.mockRestore();
  });
});

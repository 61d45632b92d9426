import { Logger } from '@nestjs/common';
import { ManualClock } from '../../../../test/support/fakes';
import { InMemoryLedger, RecordingJobQueue, ScriptedPanel } from '../../../../test/fulfilment/in-memory';
import { ShortfallJobs } from './shortfall-jobs';
import { PlacementJobs } from './placement-jobs';
import { ProviderError } from './provider-panel.port';
import { ABANDONED_NOTE, CALLS_IN_FLIGHT, SyncFulfilmentUseCase, unreportedNote } from './sync-fulfilment.use-case';

describe('SyncFulfilmentUseCase (one sync pass)', () => {
  let ledger: InMemoryLedger;
  let panel: ScriptedPanel;
  let queue: RecordingJobQueue;
  let clock: ManualClock;
  let sync: SyncFulfilmentUseCase;

  beforeEach(() => {
    ledger = new InMemoryLedger();
    panel = new ScriptedPanel();
    queue = new RecordingJobQueue();
    clock = new ManualClock();
    sync = new SyncFulfilmentUseCase(ledger, panel, new PlacementJobs(queue), clock, new ShortfallJobs(queue));
    for (const level of ['log', 'warn', 'error'] as const) jest.spyOn(Logger.prototype, level).mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  /** An order placed upstream as `upstreamOrderId`. */
  async function openOrder(upstreamOrderId: string) {
    const s = ledger.add();
    await ledger.queue(s.subscriptionId, { serviceId: '7', quantity: 1000 }, clock.now());
    await ledger.claimForPlacing(s.subscriptionId, clock.now());
    await ledger.markPlaced(s.subscriptionId, upstreamOrderId, clock.now());
    return s.subscriptionId;
  }

  it('asks 250 open orders in 3 status calls of at most 100, each order once', async () => {
    const ids = await Promise.all(Array.from({ length: 250 }, (_, i) => openOrder(String(10_000 + i))));
    clock.advance(60_000);
    const result = await sync.execute();
    expect(panel.statusCalls.map((call) => call.length)).toEqual([100, 100, 50]);
    expect(new Set(panel.statusCalls.flat()).size).toBe(250);
    expect(result).toMatchObject({ orders: 250, requests: 3, updated: 250, finished: 0, failure: null });
    for (const id of ids) expect(ledger.get(id).fulfilment).toMatchObject({ state: 'open', upstreamStatus: 'In progress', checkedAt: clock.now() });
  });

  it('keeps up to CALLS_IN_FLIGHT status calls under way at once, each order still asked once', async () => {
    await Promise.all(Array.from({ length: 1_000 }, (_, i) => openOrder(String(20_000 + i))));
    const answer = panel.statuses.bind(panel);
    let underWay = 0;
    let most = 0;
    panel.statuses = async (ids) => {
      underWay += 1;
      most = Math.max(most, underWay);
      await new Promise((resolve) => setTimeout(resolve, 5));
      underWay -= 1;
      return answer(ids);
    };
    const result = await sync.execute();
    expect(most).toBe(CALLS_IN_FLIGHT);
    expect(panel.statusCalls.map((call) => call.length)).toEqual(Array(10).fill(100));
    expect(new Set(panel.statusCalls.flat()).size).toBe(1_000);
    expect(result).toMatchObject({ orders: 1_000, requests: 10, updated: 1_000, failure: null });
  });

  it('ends orders on final words with their Status, keeps others open with the raw text, and keeps the counts', async () => {
    const words: Record<string, string> = { '1': 'Completed', '2': ' partial ', '3': 'Cancelled', '4': 'REFUNDED', '5': 'In progress', '6': 'Waiting for the moon' };
    const ids = Object.fromEntries(await Promise.all(Object.keys(words).map(async (n) => [n, await openOrder(n)] as const)));
    panel.statusOf = (n) => ({ status: words[n], charge: '0.27819', currency: 'USD', startCount: 1204, remains: 350 });
    const result = await sync.execute();
    expect(result).toMatchObject({ orders: 6, requests: 1, updated: 6, finished: 4 });
    expect([1, 2, 3, 4, 5, 6].map((n) => [ledger.get(ids[n]).status, ledger.get(ids[n]).fulfilment?.state])).toEqual([
      [1, 'done'],
      [2, 'done'],
      [3, 'done'],
      [4, 'done'],
      [0, 'open'],
      [0, 'open'],
    ]);
    expect(ledger.get(ids[6]).fulfilment).toMatchObject({ upstreamStatus: 'Waiting for the moon', charge: '0.27819', currency: 'USD', startCount: 1204, remains: 350 });
    expect(ledger.get(ids[2]).fulfilment?.upstreamStatus).toBe('partial');
  });

  it('passes a per-order error on, leaving that order\'s facts as they were', async () => {
    const id = await openOrder('99');
    panel.statusOf = () => ({ error: 'Incorrect order ID' });
    expect(await sync.execute()).toMatchObject({ orders: 1, requests: 1, updated: 0, finished: 0 });
    expect(ledger.recorded[0]).toEqual([expect.objectContaining({ subscriptionId: id, error: 'Incorrect order ID' })]);
    expect(ledger.get(id).fulfilment).toMatchObject({ state: 'open', upstreamStatus: null });
  });

  it('keeps an order the provider does not report open with the error as note, and sends it to review once it was placed over an hour ago', async () => {
    const id = await openOrder('77');
    panel.statusOf = () => ({ error: 'Incorrect order ID' });
    clock.advance(59 * 60_000);
    await sync.execute();
    expect(ledger.get(id).fulfilment).toMatchObject({ state: 'open', note: 'Incorrect order ID' });
    clock.advance(2 * 60_000);
    await sync.execute();
    expect(ledger.get(id).fulfilment).toMatchObject({ state: 'needs_review', note: unreportedNote('77', 'Incorrect order ID') });
    expect(unreportedNote('77', 'Incorrect order ID')).toBe(
      'The provider does not report order 77 (Incorrect order ID): check its panel, then link the right order, retry or cancel.',
    );
    const calls = panel.statusCalls.length;
    clock.advance(60_000);
    await sync.execute();
    expect(panel.statusCalls).toHaveLength(calls); // no longer asked
  });

  it('stops at a failed status call, keeps what was stored, and says why', async () => {
    await Promise.all(Array.from({ length: 150 }, (_, i) => openOrder(String(i + 1))));
    panel.statusOf = () => ({ status: 'Completed', charge: null, currency: null, startCount: null, remains: null });
    const answer = panel.statuses.bind(panel);
    panel.statuses = async (ids) => {
      if (panel.statusCalls.length === 1) throw new ProviderError('unclear', 'The provider did not answer within 15 s');
      return answer(ids);
    };
    const result = await sync.execute();
    expect(result).toMatchObject({ orders: 150, requests: 2, updated: 100, finished: 100, failure: 'The provider did not answer within 15 s' });
  });

  it('turns `placing` older than the call timeout + 30 s into needs_review (the app stopped during the call), never placing it again', async () => {
    const s = ledger.add();
    await ledger.queue(s.subscriptionId, { serviceId: '7', quantity: 1000 }, clock.now());
    await ledger.claimForPlacing(s.subscriptionId, clock.now());
    // The scripted panel's calls time out after 1.5 s: until 31.5 s its call may still be running.
    clock.advance(31_000);
    await sync.execute();
    expect(ledger.get(s.subscriptionId).fulfilment?.state).toBe('placing');
    clock.advance(1_000);
    await sync.execute();
    expect(ledger.get(s.subscriptionId).fulfilment).toMatchObject({ state: 'needs_review', note: ABANDONED_NOTE });
    expect(panel.adds).toEqual([]);
    expect(queue.jobs).toEqual([]);
  });

  it('enqueues again the job of an order queued more than 30 s ago, under an id of its own', async () => {
    const s = ledger.add();
    const queuedAt = clock.now();
    await ledger.queue(s.subscriptionId, { serviceId: '7', quantity: 1000 }, queuedAt);
    clock.advance(29_000);
    await sync.execute();
    expect(queue.jobs).toEqual([]);
    clock.advance(2_000);
    await sync.execute();
    expect(queue.jobs).toEqual([
      {
        queue: 'fulfilment',
        name: 'place-order',
        data: { subscriptionId: s.subscriptionId },
        jobId: `place-${s.subscriptionId}-${queuedAt.getTime()}-again-${clock.now().getTime()}`,
      },
    ]);
  });

  it('does nothing with the manual panel', async () => {
    await openOrder('1');
    sync = new SyncFulfilmentUseCase(ledger, new ScriptedPanel(false), new PlacementJobs(queue), clock, new ShortfallJobs(queue));
    expect(await sync.execute()).toEqual({ orders: 0, requests: 0, updated: 0, finished: 0, ms: 0, failure: null });
  });
});

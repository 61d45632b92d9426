import { Logger } from '@nestjs/common';
import { ManualClock } from '../../../../test/support/fakes';
import { InMemoryLedger, RecordingJobQueue, ScriptedPanel } from '../../../../test/fulfilment/in-memory';
import { ShortfallJobs } from './shortfall-jobs';
import { PlacementJobs } from './placement-jobs';
import { ProviderError } from './provider-panel.port';
import { ABANDONED_NOTE, statusCallFailedNote, SyncFulfilmentUseCase, unreportedNote, unstoredNote } from './sync-fulfilment.use-case';
import { CALLS_IN_FLIGHT } from './upstream-sync';

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

  it("passes a per-order error on, leaving that order's facts as they were", async () => {
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
      if (panel.statusCalls.length === 1) throw new ProviderError('unclear', 'The provider did not answer within 15 s', true);
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

  describe('one answer never stops the rest (docs/fulfilment.md)', () => {
    /** `count` open orders with upstream ids from `first`, ids in the order the pass asks them. */
    async function openOrders(count: number, first = 30_000) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await openOrder(String(first + i)));
      return ids.sort();
    }
    const upstreamOf = (id: string) => ledger.get(id).fulfilment?.upstreamOrderId as string;

    it('keeps an order whose word is the name of a built-in property (constructor, __proto__, toString) open with that word, and stores every order of the pass', async () => {
      const ids = await openOrders(250);
      const odd: Record<string, string> = { [upstreamOf(ids[5])]: 'constructor', [upstreamOf(ids[120])]: '__proto__', [upstreamOf(ids[201])]: 'toString' };
      panel.statusOf = (n) => ({ status: odd[n] ?? 'Completed', charge: '0.9', currency: 'USD', startCount: 10, remains: 0 });

      const result = await sync.execute();

      expect(result).toMatchObject({ orders: 250, requests: 3, updated: 250, finished: 247, unsynced: 0, failure: null });
      for (const [index, word] of [
        [5, 'constructor'],
        [120, '__proto__'],
        [201, 'toString'],
      ] as const) {
        expect(ledger.get(ids[index])).toMatchObject({ status: 0, fulfilment: { state: 'open', upstreamStatus: word, note: null } });
      }
      expect(ids.filter((id) => ledger.get(id).fulfilment?.state === 'done')).toHaveLength(247);
      expect(new Set(ids.map((id) => ledger.get(id).status))).toEqual(new Set([0, 1]));
    });

    it('stores a batch the database refuses order by order: only the refused order is left, noted for staff; billing still hears of the rest; the next pass asks it again', async () => {
      const ids = await openOrders(150);
      const refused = ids[40];
      panel.statusOf = (n) => ({ status: Number(n) % 2 ? 'Partial' : 'In progress', charge: '0.9', currency: 'USD', startCount: 10, remains: 5 });
      const record = ledger.recordUpstream.bind(ledger);
      jest.spyOn(ledger, 'recordUpstream').mockImplementation(async (updates, now) => {
        if (updates.some((u) => u.subscriptionId === refused)) throw new Error('invalid input syntax for type smallint: "function Object() { [native code] }"');
        return record(updates, now);
      });

      const result = await sync.execute();

      expect(result).toMatchObject({ orders: 150, requests: 2, updated: 149, unsynced: 1, failure: null });
      const note = unstoredNote(upstreamOf(refused), 'invalid input syntax for type smallint: "function Object() { [native code] }"');
      expect(ledger.get(refused).fulfilment).toMatchObject({ state: 'open', upstreamStatus: null, note, checkedAt: clock.now() });
      for (const id of ids.filter((id) => id !== refused)) expect(ledger.get(id).fulfilment?.checkedAt).toEqual(clock.now());
      const short = ids.filter((id) => id !== refused && Number(upstreamOf(id)) % 2);
      expect(queue.jobs.map((j) => j.jobId).sort()).toEqual(short.map((id) => `shortfall-${id}`).sort());

      // The next pass asks it again; once it can be stored, its note is gone.
      jest.mocked(ledger.recordUpstream).mockRestore();
      clock.advance(60_000);
      panel.statusCalls.length = 0;
      expect(await sync.execute()).toMatchObject({ unsynced: 0, failure: null });
      expect(panel.statusCalls.flat()).toContain(upstreamOf(refused));
      expect(ledger.get(refused).fulfilment).toMatchObject({ upstreamStatus: expect.any(String), note: null });
    });

    it('narrows a status call that fails for one order down to that order: the others of its batch are stored, the pass goes on, ~2 calls per halving', async () => {
      const ids = await openOrders(250);
      const poisoned = upstreamOf(ids[130]);
      const answer = panel.statuses.bind(panel);
      panel.statuses = async (asked) => {
        if (asked.includes(poisoned)) {
          panel.statusCalls.push([...asked]);
          throw new ProviderError('unclear', 'The provider sent an answer over 16 MiB');
        }
        return answer(asked);
      };

      const result = await sync.execute();

      expect(result).toMatchObject({ orders: 250, updated: 249, unsynced: 1, failure: null });
      // 3 batch calls, then at most 7 halvings of 2 calls (100 → 50 → 25 → 13 → 7 → 4 → 2 → 1).
      expect(result.requests).toBeLessThanOrEqual(3 + 2 * 7);
      expect(panel.statusCalls).toHaveLength(result.requests);
      expect(ledger.get(ids[130]).fulfilment).toMatchObject({
        state: 'open',
        note: statusCallFailedNote('The provider sent an answer over 16 MiB'),
        checkedAt: clock.now(),
      });
      expect(ids.filter((id) => ledger.get(id).fulfilment?.upstreamStatus === 'In progress')).toHaveLength(249);
    });

    it('stops at a panel that fails every call (both halves fail), notes the batch, and the next pass asks the orders it did not reach first', async () => {
      const ids = await openOrders(450);
      const answer = panel.statuses.bind(panel);
      let down = true;
      panel.statuses = async (asked) => {
        if (down) {
          panel.statusCalls.push([...asked]);
          throw new ProviderError('unclear', 'The provider answered HTTP 502');
        }
        return answer(asked);
      };

      const first = await sync.execute();
      // One round of 4 calls, each tried once more in halves: the panel, not one answer.
      expect(first).toMatchObject({ orders: 400, requests: 4 + 4 * 2, updated: 0, unsynced: 400, failure: 'The provider answered HTTP 502' });
      expect(ledger.get(ids[0]).fulfilment?.note).toBe(statusCallFailedNote('The provider answered HTTP 502'));

      down = false;
      clock.advance(60_000);
      panel.statusCalls.length = 0;
      const second = await sync.execute();
      expect(second).toMatchObject({ orders: 450, updated: 450, unsynced: 0, failure: null });
      expect(panel.statusCalls[0].slice(0, 50)).toEqual(ids.slice(400).map(upstreamOf));
      expect(ledger.get(ids[0]).fulfilment?.note).toBeNull();
    });

    it('stops at once, without halving, on a timeout or an unreachable panel', async () => {
      await openOrders(150);
      for (const error of [
        new ProviderError('unclear', 'The provider did not answer within 15 s', true),
        new ProviderError('unreachable', 'The provider could not be reached (connection refused: panel)'),
      ]) {
        panel.statusCalls.length = 0;
        panel.statusAnswers.push(error, error);
        clock.advance(60_000);
        const result = await sync.execute();
        expect(result).toMatchObject({ requests: 2, failure: error.message });
        expect(panel.statusCalls).toHaveLength(2);
      }
    });

    it('does not keep values that cannot be true: the last believed stay, the note names what was sent, Pending zeros are not known yet', async () => {
      const [id] = await openOrders(1);
      panel.statusOf = () => ({ status: 'In progress', charge: '0.45', currency: 'USD', startCount: 1204, remains: 350 });
      await sync.execute();
      clock.advance(60_000);
      panel.statusOf = () => ({ status: 'In progress', charge: '-12.00', currency: 'USD', startCount: -5, remains: 5_000, unreadable: ['currency {"$gt":""}'] });
      await sync.execute();
      expect(ledger.get(id).fulfilment).toMatchObject({
        state: 'open',
        charge: '0.45',
        startCount: 1204,
        remains: 350,
        note: 'The provider sent values that cannot be true; not kept: start_count -5; remains 5000 (1000 ordered); charge "-12.00"; currency {"$gt":""}',
      });
      clock.advance(60_000);
      panel.statusOf = () => ({ status: 'Partial', charge: '0.45', currency: 'USD', startCount: 1204, remains: -40 });
      await sync.execute();
      // A Partial's remains is its final answer's own: one that cannot be true is unknown, and billing leaves it to staff.
      expect(ledger.get(id)).toMatchObject({ status: 2, fulfilment: { state: 'done', remains: null, note: expect.stringContaining('remains -40 (1000 ordered)') } });
    });

    it('throws only when not even the notes can be written (the database is away), after the batches under way', async () => {
      await openOrders(150);
      jest.spyOn(ledger, 'recordUpstream').mockRejectedValue(new Error('connection terminated'));
      ledger.failNotes = true;
      await expect(sync.execute()).rejects.toThrow('the database went away');
      expect(panel.statusCalls).toHaveLength(2);
    });
  });

  it('does nothing with the manual panel', async () => {
    await openOrder('1');
    sync = new SyncFulfilmentUseCase(ledger, new ScriptedPanel(false), new PlacementJobs(queue), clock, new ShortfallJobs(queue));
    expect(await sync.execute()).toEqual({ orders: 0, requests: 0, updated: 0, finished: 0, unsynced: 0, ms: 0, failure: null });
  });
});

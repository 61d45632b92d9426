import { ScriptedPanel } from '../../../../test/fulfilment/in-memory';
import { ManualClock } from '../../../../test/support/fakes';
import { type NewRefill, type OpenRefill, type ProviderRefillSupport, RefillLedger, type RefillUpdate } from '../application/refill-ledger.port';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { CONNECTION_CLOSED_MESSAGE, ProviderError } from './provider-panel.port';
import { REFILL_ABANDONED_NOTE } from './refill-notes';
import { SyncRefillsUseCase } from './sync-refills.use-case';

/** Open refills in memory: what the sync pass reads, and what it records. */
class OpenRefills extends RefillLedger {
  open: Array<OpenRefill & { checkedAt: Date | null }> = [];
  readonly recorded: RefillUpdate[][] = [];
  readonly unchecked: Array<{ ids: string[]; note: string }> = [];
  readonly abandoned: Array<{ cutoff: Date; note: string }> = [];

  add(count: number, requestedAt: Date) {
    for (let i = 0; i < count; i++) {
      const n = this.open.length + 1;
      this.open.push({ refillId: `r${n}`, subscriptionId: `s${n}`, upstreamRefillId: String(n), requestedAt, checkedAt: null });
    }
  }

  async openRefills(checkedBefore: Date, limit: number): Promise<OpenRefill[]> {
    return this.open
      .filter((r) => r.checkedAt === null || r.checkedAt < checkedBefore)
      .sort((a, b) => (a.checkedAt?.getTime() ?? -1) - (b.checkedAt?.getTime() ?? -1))
      .slice(0, limit)
      .map(({ checkedAt: _checkedAt, ...refill }) => refill);
  }

  async recordStatuses(updates: RefillUpdate[], now: Date): Promise<void> {
    this.recorded.push(updates);
    for (const update of updates) {
      const refill = this.open.find((r) => r.refillId === update.refillId);
      if (refill) refill.checkedAt = now;
    }
    this.open = this.open.filter((r) => !updates.some((u) => u.refillId === r.refillId && (u.settle || u.review)));
  }

  async noteUnchecked(refillIds: string[], note: string, now: Date): Promise<void> {
    this.unchecked.push({ ids: refillIds, note });
    for (const refill of this.open) if (refillIds.includes(refill.refillId)) refill.checkedAt = now;
  }

  async abandonPlacingBefore(cutoff: Date, note: string): Promise<string[]> {
    this.abandoned.push({ cutoff, note });
    return [];
  }

  lockSubscription(): Promise<Subscription | null> {
    throw new Error('not used by the sync pass');
  }
  insertPlacing(_refill: NewRefill): Promise<boolean> {
    throw new Error('not used by the sync pass');
  }
  markPlaced(): Promise<boolean> {
    throw new Error('not used by the sync pass');
  }
  reject(): Promise<boolean> {
    throw new Error('not used by the sync pass');
  }
  toReview(): Promise<boolean> {
    throw new Error('not used by the sync pass');
  }
  discard(): Promise<boolean> {
    throw new Error('not used by the sync pass');
  }
  closeReview(): Promise<string | null> {
    throw new Error('not used by the sync pass');
  }
  providerSupport(): Promise<ProviderRefillSupport> {
    throw new Error('not used by the sync pass');
  }
  findById(): Promise<Subscription | null> {
    throw new Error('not used by the sync pass');
  }
}

describe('SyncRefillsUseCase (docs/refill.md, "Following")', () => {
  let refills: OpenRefills;
  let panel: ScriptedPanel;
  let clock: ManualClock;
  let sync: SyncRefillsUseCase;

  beforeEach(() => {
    refills = new OpenRefills();
    panel = new ScriptedPanel();
    clock = new ManualClock();
    sync = new SyncRefillsUseCase(refills, panel, clock);
  });

  it('asks every open refill once, at most 100 ids a call, and settles Completed, Rejected and Canceled', async () => {
    refills.add(250, clock.now());
    const words: Record<string, string> = { '1': 'Completed', '2': 'Rejected', '3': 'Canceled', '4': 'Inprogress', '5': 'Awaiting' };
    panel.refillStatusOf = (id) => ({ status: words[id] ?? 'Pending' });
    const report = await sync.execute();
    expect(panel.refillStatusCalls.map((ids) => ids.length)).toEqual([100, 100, 50]);
    expect(new Set(panel.refillStatusCalls.flat()).size).toBe(250);
    expect(report).toMatchObject({ refills: 250, requests: 3, settled: 3, unsynced: 0, failure: null });
    const byId = new Map(refills.recorded.flat().map((u) => [u.refillId, u]));
    expect(byId.get('r1')).toEqual({ refillId: 'r1', upstreamStatus: 'Completed', settle: 'completed' });
    expect(byId.get('r2')).toMatchObject({ settle: 'rejected' });
    expect(byId.get('r3')).toMatchObject({ settle: 'rejected' });
    expect(byId.get('r4')).toEqual({ refillId: 'r4', upstreamStatus: 'Inprogress' });
    expect(byId.get('r5')).toEqual({ refillId: 'r5', upstreamStatus: 'Awaiting' });
    // A second pass at the same moment asks nothing again; a minute later the 247 still open.
    expect((await sync.execute()).refills).toBe(0);
    clock.advance(60_000);
    expect((await sync.execute()).refills).toBe(247);
  });

  it('moves refills left placing past the call timeout + 30 s to review', async () => {
    await sync.execute();
    expect(refills.abandoned).toEqual([{ cutoff: new Date(clock.now().getTime() - panel.callOverAfterMs), note: REFILL_ABANDONED_NOTE }]);
  });

  it("keeps an id's error for staff, and sends it to review once the refill was asked over an hour ago", async () => {
    refills.add(1, new Date(clock.now().getTime() - 10 * 60_000));
    refills.add(1, new Date(clock.now().getTime() - 2 * 60 * 60_000));
    panel.refillStatusOf = () => ({ error: 'Refill not found' });
    await sync.execute();
    const [fresh, old] = refills.recorded.flat();
    expect(fresh).toEqual({ refillId: 'r1', upstreamStatus: null, error: 'Refill not found', review: false });
    expect(old).toMatchObject({ refillId: 'r2', review: true, error: expect.stringMatching(/^The provider does not report refill 2 \(Refill not found\)/) });
  });

  it('notes a batch whose call and both halves fail (the panel, not one answer) and stops the refill part; a panel without refill_status sends its batch to review instead', async () => {
    refills.add(3, clock.now());
    const failing = jest.spyOn(panel, 'refillStatuses').mockRejectedValue(new ProviderError('unclear', 'The provider answered HTTP 500'));
    const report = await sync.execute();
    expect(report).toMatchObject({ requests: 3, unsynced: 3, failure: 'The provider answered HTTP 500' });
    expect(failing.mock.calls.map(([ids]) => ids)).toEqual([['1', '2', '3'], ['1', '2'], ['3']]);
    expect(refills.unchecked).toEqual([
      { ids: ['r1', 'r2', 'r3'], note: expect.stringMatching(/^The provider's refill status answer failed \(The provider answered HTTP 500\)/) },
    ]);
    expect(refills.recorded).toEqual([]);

    clock.advance(60_000);
    failing.mockReset();
    failing.mockRejectedValueOnce(new ProviderError('rejected', 'Incorrect request', false, true));
    const unsupported = await sync.execute();
    expect(unsupported).toMatchObject({ unsynced: 3, failure: null });
    expect(refills.recorded.flat().map((u) => [u.refillId, u.review])).toEqual([
      ['r1', true],
      ['r2', true],
      ['r3', true],
    ]);
    expect(refills.open).toEqual([]);
  });

  describe("a refill_status batch failing for one bad id (narrowed down as the orders' status batches are)", () => {
    /** A panel that fails every call carrying refill 37, and answers the others. */
    const poison = (bad = '37') => {
      const real = panel.refillStatuses.bind(panel);
      return jest.spyOn(panel, 'refillStatuses').mockImplementation(async (ids) => {
        if (ids.includes(bad)) {
          panel.refillStatusCalls.push([...ids]);
          throw new ProviderError('unclear', 'The provider sent an answer that is not JSON');
        }
        return real(ids);
      });
    };

    it('follows the other 99 of the batch, and notes the bad one to be asked again on the next pass', async () => {
      refills.add(100, new Date(clock.now().getTime() - 10 * 60_000));
      panel.refillStatusOf = (id) => ({ status: id === '5' ? 'Completed' : 'Inprogress' });
      poison();
      const report = await sync.execute();
      // 1 call, then 2 halves at each of the 7 levels from 100 down to 1.
      expect(report).toMatchObject({ refills: 100, requests: 15, settled: 1, unsynced: 1, failure: null });
      expect(panel.refillStatusCalls).toHaveLength(15);
      const byId = new Map(refills.recorded.flat().map((u) => [u.refillId, u]));
      expect(byId.size).toBe(100);
      expect(byId.get('r5')).toMatchObject({ settle: 'completed' });
      expect(byId.get('r36')).toEqual({ refillId: 'r36', upstreamStatus: 'Inprogress' });
      expect(byId.get('r37')).toEqual({
        refillId: 'r37',
        upstreamStatus: null,
        error: "The provider's refill status answer for refill 37 fails (The provider sent an answer that is not JSON); it is asked again on the next pass.",
        review: false,
      });
      expect(refills.open.map((r) => r.refillId)).toContain('r37');
    });

    it('sends the bad one to review once it was requested over an hour ago (no longer asked)', async () => {
      refills.add(40, new Date(clock.now().getTime() - 10 * 60_000));
      poison();
      await sync.execute();
      expect(refills.recorded.flat().find((u) => u.refillId === 'r37')).toMatchObject({ review: false });
      // Passes go on while it keeps failing; past an hour after its request the next one hands it to staff.
      clock.advance(49 * 60_000);
      expect(await sync.execute()).toMatchObject({ refills: 40, failure: null });
      expect(refills.recorded.flat().filter((u) => u.refillId === 'r37')).toEqual([
        expect.objectContaining({ review: false }),
        expect.objectContaining({ review: false }),
      ]);
      clock.advance(2 * 60_000);
      await sync.execute();
      const last = refills.recorded.flat().filter((u) => u.refillId === 'r37');
      expect(last).toHaveLength(3);
      expect(last[2]).toMatchObject({
        review: true,
        error: expect.stringMatching(
          /^The provider's refill status answer for refill 37 keeps failing \(The provider sent an answer that is not JSON\): check its panel/,
        ),
      });
      expect(refills.open.map((r) => r.refillId)).not.toContain('r37');
      clock.advance(60_000);
      const calls = panel.refillStatusCalls.length;
      expect(await sync.execute()).toMatchObject({ refills: 39, requests: 1, failure: null });
      expect(panel.refillStatusCalls.slice(calls).flat()).not.toContain('37');
    });

    it('stops when a refill asked alone fails: nothing beside it tells it from the panel failing', async () => {
      refills.add(1, clock.now());
      jest.spyOn(panel, 'refillStatuses').mockRejectedValue(new ProviderError('unclear', 'The provider answered HTTP 502'));
      expect(await sync.execute()).toMatchObject({ requests: 1, unsynced: 1, failure: 'The provider answered HTTP 502' });
      expect(refills.unchecked).toEqual([{ ids: ['r1'], note: expect.stringMatching(/^The provider's refill status answer failed/) }]);
    });
  });

  it('asks a batch once more when its connection closed before any answer (a read), never a timed-out one', async () => {
    refills.add(2, clock.now());
    const calls = jest.spyOn(panel, 'refillStatuses').mockRejectedValueOnce(new ProviderError('unclear', CONNECTION_CLOSED_MESSAGE));
    expect(await sync.execute()).toMatchObject({ refills: 2, requests: 2, settled: 0, failure: null });
    expect(calls).toHaveBeenCalledTimes(2);
    expect(refills.recorded.flat()).toHaveLength(2);
    clock.advance(60_000);
    calls.mockRejectedValueOnce(new ProviderError('unclear', 'The provider did not answer within 1.5 s', true));
    expect(await sync.execute()).toMatchObject({ requests: 1, failure: 'The provider did not answer within 1.5 s' });
    expect(calls).toHaveBeenCalledTimes(3);
  });

  it('does nothing with the manual panel', async () => {
    refills.add(2, clock.now());
    expect(await new SyncRefillsUseCase(refills, new ScriptedPanel(false), clock).execute()).toMatchObject({ refills: 0, requests: 0 });
    expect(refills.abandoned).toEqual([]);
  });
});

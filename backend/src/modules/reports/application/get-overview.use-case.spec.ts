import type { AppConfig } from '../../../platform/config/app-config';
import type { Clock } from '../../../platform/time/clock';
import type { GetProviderOverviewUseCase } from '../../fulfilment/application/get-provider-overview.use-case';
import { AppError } from '../../../platform/errors/app-error';
import { Decimal } from '../../../kernel/decimal';
import type { BucketRow, Dim } from '../domain/overview';
import type { Span } from '../domain/utc-cover';
import { GetOverviewUseCase } from './get-overview.use-case';
import { type AttentionCounts, ReportStore } from './report-store.port';

/** An in-memory rollup: one row per bucket it is told about, and the calls it got. */
class FakeStore extends ReportStore {
  folds: Date[] = [];
  since: Date[] = [];
  reads = 0;

  constructor(
    private readonly rows: BucketRow[],
    private readonly counts: AttentionCounts = { needsReview: 0, refundRequestsOpen: 0, inProcess: 0, inProcessSince: 0 },
  ) {
    super();
  }

  async fold(olderThan: Date): Promise<number> {
    this.folds.push(olderThan);
    return 0;
  }

  async bucketRows(reads: Array<{ span: Span; start: number; dim: Dim }>): Promise<BucketRow[]> {
    this.reads = reads.length;
    const wanted = new Set(reads.map((r) => `${r.span}${r.start}${r.dim}`));
    return this.rows.filter((r) => wanted.has(`${r.span}${r.start}${r.dim}`));
  }

  async attentionCounts(since: Date): Promise<AttentionCounts> {
    this.since.push(since);
    return this.counts;
  }
}

const NOW = new Date('2026-01-12T10:07:00Z');
const clock: Clock = { now: () => NOW };
const config = (provider: 'manual' | 'api-v2') => ({ fulfilment: { provider } }) as unknown as AppConfig;
const day = (iso: string, dim: Dim, value: string, currency: string, orders: number, revenue: number): BucketRow => ({
  span: 'd',
  start: Date.parse(iso),
  dim,
  value,
  currency,
  measures: { orders: BigInt(orders), revenue: BigInt(revenue), refunds: 0n, refundCount: 0n, upstreamCost: Decimal.ZERO, upstreamOrders: 0n },
});

describe('GetOverviewUseCase', () => {
  it('reads only rollup buckets, folds quiet shards first, and sums a UTC period from them', async () => {
    const store = new FakeStore([day('2026-01-10T00:00:00Z', 'all', '', 'USD', 2, 3998), day('2026-01-09T00:00:00Z', 'all', '', 'USD', 1, 1999)], {
      needsReview: 2,
      refundRequestsOpen: 1,
      inProcess: 10,
      inProcessSince: 4,
    });
    const overview = await new GetOverviewUseCase(store, clock, config('manual')).execute({ from: '2026-01-10', to: '2026-01-10', tz: 'UTC' });
    expect(store.folds).toEqual([new Date('2026-01-12T08:07:00Z')]);
    expect(store.since).toEqual([new Date('2026-01-10T10:00:00Z')]);
    expect(overview.currencies).toHaveLength(1);
    expect(overview.currencies[0]).toMatchObject({
      currency: 'USD',
      revenue: { value: '39.98', previous: '19.99', change: '19.99', changePercent: '100.0' },
      orders: { value: 2, previous: 1, change: 1 },
      averageOrderValue: { value: '19.99', previous: '19.99', change: '0.00', changePercent: '0.0' },
    });
    expect(overview.attention).toMatchObject({
      needsReview: { count: 2 },
      refundRequests: { count: 1 },
      overdue: { count: 6, hours: 48 },
      lowBalance: { status: 'manual' },
    });
  });

  it('refuses a bad period before reading anything', async () => {
    const store = new FakeStore([]);
    await expect(new GetOverviewUseCase(store, clock, config('manual')).execute({ from: '2026-01-10', to: '2026-01-09', tz: 'UTC' })).rejects.toThrow(
      'to must be the same day as from or later',
    );
    expect(store.reads).toBe(0);
    expect(store.folds).toEqual([]);
  });

  describe('the provider balance', () => {
    const run = (provider?: Partial<GetProviderOverviewUseCase>) =>
      new GetOverviewUseCase(new FakeStore([]), clock, config('api-v2'), provider as GetProviderOverviewUseCase | undefined).execute({
        from: '2026-01-10',
        to: '2026-01-10',
        tz: 'UTC',
      });

    it('says low or ok as fulfilment judges it', async () => {
      const low = await run({ execute: async () => ({ provider: 'api-v2', balance: '4.20', currency: 'USD', threshold: '10', low: true }) });
      expect(low.attention.lowBalance).toEqual({ status: 'low', balance: '4.20', currency: 'USD', threshold: '10', message: null, link: '/admin/dashboard' });
      const ok = await run({ execute: async () => ({ provider: 'api-v2', balance: '40', currency: 'USD', threshold: '10', low: false }) });
      expect(ok.attention.lowBalance.status).toBe('ok');
    });

    it('says unknown, with why, when the panel fails, is slow, or fulfilment does not offer its overview', async () => {
      const failing = await run({
        execute: async () => Promise.reject(new AppError('bad_gateway', 'The provider panel did not answer: timeout', 'provider_unavailable')),
      });
      expect(failing.attention.lowBalance).toMatchObject({ status: 'unknown', message: 'The provider panel did not answer: timeout' });
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
      try {
        const slow = run({ execute: () => new Promise(() => undefined) });
        await jest.advanceTimersByTimeAsync(3000);
        expect((await slow).attention.lowBalance).toMatchObject({ status: 'unknown', message: expect.stringMatching(/did not answer within 3 s/) });
      } finally {
        jest.useRealTimers();
      }
      expect((await run(undefined)).attention.lowBalance).toMatchObject({ status: 'unknown', message: expect.stringMatching(/does not offer its provider overview/) });
    });
  });
});

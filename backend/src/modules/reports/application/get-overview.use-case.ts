import { Injectable, Logger, Optional } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { Clock } from '../../../platform/time/clock';
import { GetProviderOverviewUseCase } from '../../fulfilment/application/get-provider-overview.use-case';
import { type Attention, type LowBalance, type Overview, buildOverview, overviewReads } from '../domain/overview';
import { type Granularity, bucketsOf, checkGranularity, defaultGranularity, previousPeriod, reportPeriod } from '../domain/period';
import { HOUR, QUARTER_HOUR } from '../domain/time-zone';
import { exponentOf } from './currency-exponent';
import { ReportStore } from './report-store.port';
import { ORDER_STATUS } from '../../../kernel/order-status';

/** The links of "what needs a person now" (the admin screens' own addresses for those lists). */
export const ATTENTION_LINKS = {
  needsReview: '/admin/tasks?fulfilment=needs_review',
  refundRequests: '/admin/refunds?state=open',
  overdue: `/admin/tasks?status=${ORDER_STATUS.InProcess}&sortBy=createdAt&sortOrder=asc`,
  lowBalance: '/admin/dashboard',
} as const;

/** Paid orders still In Process after this long are late: the shop promises delivery within 48 hours. */
export const OVERDUE_HOURS = 48;
/** Buckets quiet for this long are folded before a read (writes in progress use random shards only within the last hour). */
const FOLD_AFTER_MS = 2 * HOUR;
/** How long the Overview waits for the provider panel's balance before it says "unknown". */
const BALANCE_WAIT_MS = 3000;

/**
 * POST /admin/overview (docs/reports.md): the owner's figures for a period in a time zone, read from
 * the rollups only (a few hundred rows whatever the number of orders), what needs a person from the
 * trigger-kept counters, and the provider's balance from fulfilment's provider overview when that
 * module offers it.
 */
@Injectable()
export class GetOverviewUseCase {
  private readonly logger = new Logger('Reports');

  constructor(
    private readonly store: ReportStore,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    @Optional() private readonly provider?: GetProviderOverviewUseCase,
  ) {}

  async execute(query: { from?: string; to?: string; granularity?: Granularity; tz: string }): Promise<Overview> {
    const period = reportPeriod({ from: query.from, to: query.to, tz: query.tz });
    const granularity = query.granularity ?? defaultGranularity(period);
    checkGranularity(period, granularity);
    const previous = previousPeriod(period);
    const buckets = bucketsOf(period, granularity);
    const now = this.clock.now();

    const balance = this.lowBalance();
    await this.store.fold(new Date(now.getTime() - FOLD_AFTER_MS));
    const rows = await this.store.bucketRows(overviewReads(period, previous, buckets));
    const since = new Date(Math.floor((now.getTime() - OVERDUE_HOURS * HOUR) / QUARTER_HOUR) * QUARTER_HOUR);
    const counts = await this.store.attentionCounts(since);
    const attention: Attention = {
      needsReview: { count: counts.needsReview, link: ATTENTION_LINKS.needsReview },
      refundRequests: { count: counts.refundRequestsOpen, link: ATTENTION_LINKS.refundRequests },
      overdue: { count: counts.inProcess - counts.inProcessSince, hours: OVERDUE_HOURS, link: ATTENTION_LINKS.overdue },
      lowBalance: await balance,
    };
    return buildOverview({ period, previous, granularity, buckets, rows, attention, exponentOf });
  }

  /** The panel's balance against PROVIDER_BALANCE_WARNING, as fulfilment judges it; never holds the Overview up for long. */
  private async lowBalance(): Promise<LowBalance> {
    const link = ATTENTION_LINKS.lowBalance;
    const unknown = (message: string): LowBalance => ({ status: 'unknown', balance: null, currency: null, threshold: null, message, link });
    if (this.config.fulfilment.provider !== 'api-v2') return { status: 'manual', balance: null, currency: null, threshold: null, message: null, link };
    if (!this.provider) return unknown('The fulfilment module does not offer its provider overview to reports; see the dashboard.');
    let timer: NodeJS.Timeout | undefined;
    try {
      const overview = await Promise.race([
        this.provider.execute(),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), BALANCE_WAIT_MS);
        }),
      ]);
      if (overview === null) return unknown(`The provider panel did not answer within ${BALANCE_WAIT_MS / 1000} s; see the dashboard.`);
      if (!('balance' in overview)) return { status: 'manual', balance: null, currency: null, threshold: null, message: null, link };
      return { status: overview.low ? 'low' : 'ok', balance: overview.balance, currency: overview.currency, threshold: overview.threshold, message: null, link };
    } catch (error) {
      this.logger.warn(`Provider balance for the Overview: ${(error as Error).message}`);
      return unknown((error as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }
}

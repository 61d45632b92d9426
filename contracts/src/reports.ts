/** The answer of POST /admin/overview, as docs/reports.md ("The Overview answer") describes it. */
export type Granularity = 'hour' | 'day' | 'month';

/** A figure against the period before: money as decimal text, counts as numbers. */
export interface FigureChange<T extends string | number> {
  value: T;
  previous: T;
  change: T;
  /** One decimal, `null` when the previous value is zero. */
  changePercent: string | null;
}

export interface CurrencyFigures {
  currency: string;
  /** Decimals of the currency; null for a code the gateway does not take (amounts in minor units). */
  exponent: number | null;
  revenue: FigureChange<string>;
  orders: FigureChange<number>;
  averageOrderValue: FigureChange<string>;
  refunds: FigureChange<string>;
  refundCount: FigureChange<number>;
  upstreamCost: FigureChange<string>;
  upstreamCostOrders: FigureChange<number>;
  margin: FigureChange<string>;
  upstreamCostElsewhere?: { currency: string; amount: string; previous: string; orders: number }[];
}

export interface SeriesPoint {
  /** `2026-01-10` (day), `2026-01` (month), `2026-01-10T14:00` (hour, local wall clock). */
  bucket: string;
  start: string;
  end: string;
  orders: number;
  revenue: Record<string, string>;
}

export interface BreakdownMoney {
  currency: string;
  orders: number;
  revenue: string;
  refunds: string;
  upstreamCost: string;
  margin: string;
}

export interface BreakdownRow {
  platform?: string;
  tier?: string;
  orders: number;
  byCurrency: BreakdownMoney[];
}

export interface AttentionCount {
  count: number;
  link: string;
  hours?: number;
}

export interface ProviderBalance {
  status: 'low' | 'ok' | 'manual' | 'unknown';
  balance?: string | null;
  currency?: string | null;
  threshold?: string | null;
  message?: string | null;
  link: string;
}

export interface OverviewAnswer {
  period: { from: string; to: string; tz: string; granularity: Granularity; start: string; end: string };
  previousPeriod: { from: string; to: string; start: string; end: string };
  currencies: CurrencyFigures[];
  series: SeriesPoint[];
  breakdown: { platforms: BreakdownRow[]; tiers: BreakdownRow[] };
  attention: {
    needsReview?: AttentionCount;
    refundRequests?: AttentionCount;
    overdue?: AttentionCount;
    /** Orders whose upstream placing was not synced yet, when the answer carries it. */
    unsynced?: AttentionCount;
    lowBalance?: ProviderBalance;
  };
}

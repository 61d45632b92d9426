import { Decimal, divideRounded, percentChange } from '../../../kernel/decimal';
import { type Bucket, type Granularity, type Period } from './period';
import { formatLocalDate } from './time-zone';
import { type Piece, type Span, pieceKey } from './utc-cover';

/**
 * The Overview (docs/reports.md, "The Overview answer"): figures per currency for the period and
 * the one before, the chart, the breakdown per platform and per tier, what needs a person. Built
 * from the rollups' buckets alone; every sum is exact (BigInt minor units, exact decimals for
 * upstream charges) and never across currencies.
 */

/** The dimensions of report_sales (migration 1764800000000-reports). */
export type Dim = 'all' | 'platform' | 'tier' | 'cost';

export interface Measures {
  orders: bigint;
  revenue: bigint;
  refunds: bigint;
  refundCount: bigint;
  upstreamCost: Decimal;
  upstreamOrders: bigint;
}

/** One rollup bucket's sums for one dimension value and currency (all shards added). */
export interface BucketRow {
  span: Span;
  start: number;
  dim: Dim;
  value: string;
  currency: string;
  measures: Measures;
}

const ZERO: Measures = { orders: 0n, revenue: 0n, refunds: 0n, refundCount: 0n, upstreamCost: Decimal.ZERO, upstreamOrders: 0n };

function add(a: Measures, b: Measures, sign: 1 | -1): Measures {
  const s = BigInt(sign);
  return {
    orders: a.orders + s * b.orders,
    revenue: a.revenue + s * b.revenue,
    refunds: a.refunds + s * b.refunds,
    refundCount: a.refundCount + s * b.refundCount,
    upstreamCost: sign === 1 ? a.upstreamCost.plus(b.upstreamCost) : a.upstreamCost.minus(b.upstreamCost),
    upstreamOrders: a.upstreamOrders + s * b.upstreamOrders,
  };
}

const isZero = (m: Measures) => !m.orders && !m.revenue && !m.refunds && !m.refundCount && m.upstreamCost.isZero() && !m.upstreamOrders;

/** Sums per `value|currency` of one dimension over signed buckets. */
export class BucketSums {
  private readonly byPiece = new Map<string, BucketRow[]>();

  constructor(rows: BucketRow[]) {
    for (const row of rows) {
      const key = `${pieceKey(row.span, row.start)}|${row.dim}`;
      const list = this.byPiece.get(key);
      if (list) list.push(row);
      else this.byPiece.set(key, [row]);
    }
  }

  /** Map of `value\u0000currency` → measures, zero groups left out. */
  sum(pieces: Piece[], dim: Dim): Map<string, { value: string; currency: string; measures: Measures }> {
    const out = new Map<string, { value: string; currency: string; measures: Measures }>();
    for (const piece of pieces) {
      for (const row of this.byPiece.get(`${pieceKey(piece.span, piece.start)}|${dim}`) ?? []) {
        const key = `${row.value}\u0000${row.currency}`;
        const current = out.get(key) ?? { value: row.value, currency: row.currency, measures: ZERO };
        out.set(key, { ...current, measures: add(current.measures, row.measures, piece.sign) });
      }
    }
    for (const [key, entry] of out) if (isZero(entry.measures)) out.delete(key);
    return out;
  }
}

/** A money figure: decimal text in its currency, the previous period's, and the change. */
export interface MoneyFigure {
  value: string;
  previous: string;
  change: string;
  changePercent: string | null;
}

export interface CountFigure {
  value: number;
  previous: number;
  change: number;
  changePercent: string | null;
}

export interface CurrencyFigures {
  currency: string;
  /** Decimals of the currency (money.ts); null for a code the gateway does not take (amounts then in minor units). */
  exponent: number | null;
  revenue: MoneyFigure;
  orders: CountFigure;
  averageOrderValue: MoneyFigure;
  refunds: MoneyFigure;
  refundCount: CountFigure;
  upstreamCost: MoneyFigure;
  /** Orders whose upstream cost is counted (the provider stated a charge in this currency). */
  upstreamCostOrders: CountFigure;
  margin: MoneyFigure;
  /** Upstream charges of orders in this currency made in another currency: reported apart, never converted. */
  upstreamCostElsewhere: Array<{ currency: string; amount: string; previous: string; orders: number }>;
}

export interface SeriesPoint {
  bucket: string;
  start: string;
  end: string;
  orders: number;
  revenue: Record<string, string>;
}

export interface BreakdownRow {
  orders: number;
  byCurrency: Array<{ currency: string; orders: number; revenue: string; refunds: string; upstreamCost: string; margin: string }>;
}

export interface AttentionItem {
  count: number;
  link: string;
}

export interface LowBalance {
  /** low / ok: the panel's balance against PROVIDER_BALANCE_WARNING; manual: no panel; unknown: it could not be asked. */
  status: 'low' | 'ok' | 'manual' | 'unknown';
  balance: string | null;
  currency: string | null;
  threshold: string | null;
  message: string | null;
  link: string;
}

export interface Attention {
  needsReview: AttentionItem;
  refundRequests: AttentionItem;
  overdue: AttentionItem & { hours: number };
  lowBalance: LowBalance;
}

export interface Overview {
  period: { from: string; to: string; tz: string; granularity: Granularity; start: string; end: string };
  previousPeriod: { from: string; to: string; start: string; end: string };
  currencies: CurrencyFigures[];
  series: SeriesPoint[];
  breakdown: { platforms: Array<BreakdownRow & { platform: string }>; tiers: Array<BreakdownRow & { tier: string }> };
  attention: Attention;
}

/** How a currency's amounts are written: its exponent (money.ts), or null for a code the gateway does not take. */
export type ExponentOf = (currency: string) => number | null;

function money(minor: bigint, exponent: number | null): Decimal {
  return Decimal.minor(minor, exponent ?? 0);
}

function moneyFigure(value: Decimal, previous: Decimal, exponent: number | null): MoneyFigure {
  const min = exponent ?? 0;
  return {
    value: value.atScale(min).toString(),
    previous: previous.atScale(min).toString(),
    change: value.minus(previous).trimmed(min).toString(),
    changePercent: percentChange(value, previous),
  };
}

function countFigure(value: bigint, previous: bigint): CountFigure {
  return {
    value: Number(value),
    previous: Number(previous),
    change: Number(value - previous),
    changePercent: percentChange(Decimal.minor(value, 0), Decimal.minor(previous, 0)),
  };
}

/** Upstream cost as exact decimal text: the provider's digits, at least the currency's. */
const cost = (amount: Decimal, exponent: number | null) => amount.trimmed(exponent ?? 0);

const margin = (m: Measures, exponent: number | null) => money(m.revenue - m.refunds, exponent).minus(m.upstreamCost);

const averageOrderValue = (m: Measures, exponent: number | null) => money(m.orders > 0n ? divideRounded(m.revenue, m.orders) : 0n, exponent);

function byCurrency(sums: Map<string, { value: string; currency: string; measures: Measures }>): Map<string, Measures> {
  const out = new Map<string, Measures>();
  for (const { currency, measures } of sums.values()) out.set(currency, add(out.get(currency) ?? ZERO, measures, 1));
  return out;
}

function breakdown<K extends 'platform' | 'tier'>(
  key: K,
  sums: Map<string, { value: string; currency: string; measures: Measures }>,
  exponentOf: ExponentOf,
): Array<BreakdownRow & Record<K, string>> {
  const rows = new Map<string, BreakdownRow & Record<K, string>>();
  for (const { value, currency, measures } of sums.values()) {
    const row = rows.get(value) ?? ({ [key]: value, orders: 0, byCurrency: [] } as unknown as BreakdownRow & Record<K, string>);
    const exponent = exponentOf(currency);
    row.orders += Number(measures.orders);
    row.byCurrency.push({
      currency,
      orders: Number(measures.orders),
      revenue: money(measures.revenue, exponent).toString(),
      refunds: money(measures.refunds, exponent).toString(),
      upstreamCost: cost(measures.upstreamCost, exponent).toString(),
      margin: margin(measures, exponent)
        .trimmed(exponent ?? 0)
        .toString(),
    });
    rows.set(value, row);
  }
  for (const row of rows.values()) row.byCurrency.sort((a, b) => a.currency.localeCompare(b.currency));
  return [...rows.values()].sort((a, b) => b.orders - a.orders || a[key].localeCompare(b[key]));
}

const iso = (t: number) => new Date(t).toISOString();

/** Every rollup bucket the Overview reads, with the dimension it reads it for. */
export function overviewReads(period: Period, previous: Period, buckets: Bucket[]): Array<{ span: Span; start: number; dim: Dim }> {
  const reads = new Map<string, { span: Span; start: number; dim: Dim }>();
  const need = (pieces: Piece[], dims: Dim[]) => {
    for (const p of pieces) for (const dim of dims) reads.set(`${pieceKey(p.span, p.start)}|${dim}`, { span: p.span, start: p.start, dim });
  };
  for (const bucket of buckets) need(bucket.pieces, ['all']);
  need(period.pieces, ['all', 'platform', 'tier', 'cost']);
  need(previous.pieces, ['all', 'cost']);
  return [...reads.values()];
}

export function buildOverview(input: {
  period: Period;
  previous: Period;
  granularity: Granularity;
  buckets: Bucket[];
  rows: BucketRow[];
  attention: Attention;
  exponentOf: ExponentOf;
}): Overview {
  const { period, previous, buckets, exponentOf } = input;
  const sums = new BucketSums(input.rows);
  const now = byCurrency(sums.sum(period.pieces, 'all'));
  const before = byCurrency(sums.sum(previous.pieces, 'all'));
  const costNow = sums.sum(period.pieces, 'cost');
  const costBefore = sums.sum(previous.pieces, 'cost');

  const codes = new Set([...now.keys(), ...before.keys(), ...[...costNow.values(), ...costBefore.values()].map((c) => c.currency)]);
  const currencies = [...codes].sort().map((currency): CurrencyFigures => {
    const exponent = exponentOf(currency);
    const a = now.get(currency) ?? ZERO;
    const b = before.get(currency) ?? ZERO;
    const elsewhere = new Map<string, { currency: string; amount: Decimal; previous: Decimal; orders: number }>();
    for (const [list, which] of [
      [costNow, 'amount'],
      [costBefore, 'previous'],
    ] as const) {
      for (const c of list.values()) {
        if (c.currency !== currency) continue;
        const entry = elsewhere.get(c.value) ?? { currency: c.value, amount: Decimal.ZERO, previous: Decimal.ZERO, orders: 0 };
        entry[which] = entry[which].plus(c.measures.upstreamCost);
        if (which === 'amount') entry.orders += Number(c.measures.upstreamOrders);
        elsewhere.set(c.value, entry);
      }
    }
    return {
      currency,
      exponent,
      revenue: moneyFigure(money(a.revenue, exponent), money(b.revenue, exponent), exponent),
      orders: countFigure(a.orders, b.orders),
      averageOrderValue: moneyFigure(averageOrderValue(a, exponent), averageOrderValue(b, exponent), exponent),
      refunds: moneyFigure(money(a.refunds, exponent), money(b.refunds, exponent), exponent),
      refundCount: countFigure(a.refundCount, b.refundCount),
      upstreamCost: moneyFigure(cost(a.upstreamCost, exponent), cost(b.upstreamCost, exponent), exponent),
      upstreamCostOrders: countFigure(a.upstreamOrders, b.upstreamOrders),
      margin: moneyFigure(margin(a, exponent).trimmed(exponent ?? 0), margin(b, exponent).trimmed(exponent ?? 0), exponent),
      upstreamCostElsewhere: [...elsewhere.values()]
        .sort((x, y) => x.currency.localeCompare(y.currency))
        .map((e) => {
          const scale = Math.max(e.amount.scale, e.previous.scale);
          return { currency: e.currency, amount: e.amount.atScale(scale).toString(), previous: e.previous.atScale(scale).toString(), orders: e.orders };
        }),
    };
  });

  const chartCurrencies = currencies.map((c) => c.currency);
  const series = buckets.map((bucket): SeriesPoint => {
    const sum = byCurrency(sums.sum(bucket.pieces, 'all'));
    let orders = 0n;
    const revenue: Record<string, string> = {};
    for (const currency of chartCurrencies) {
      const m = sum.get(currency) ?? ZERO;
      orders += m.orders;
      revenue[currency] = money(m.revenue, exponentOf(currency)).toString();
    }
    return { bucket: bucket.label, start: iso(bucket.start), end: iso(bucket.end), orders: Number(orders), revenue };
  });

  return {
    period: {
      from: formatLocalDate(period.from),
      to: formatLocalDate(period.to),
      tz: period.tz,
      granularity: input.granularity,
      start: iso(period.start),
      end: iso(period.end),
    },
    previousPeriod: { from: formatLocalDate(previous.from), to: formatLocalDate(previous.to), start: iso(previous.start), end: iso(previous.end) },
    currencies,
    series,
    breakdown: {
      platforms: breakdown('platform', sums.sum(period.pieces, 'platform'), exponentOf),
      tiers: breakdown('tier', sums.sum(period.pieces, 'tier'), exponentOf),
    },
    attention: input.attention,
  };
}

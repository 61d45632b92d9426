import { AppError } from '../../../platform/errors/app-error';
import {
  HOUR,
  QUARTER_HOUR,
  type LocalDate,
  addDays,
  addMonths,
  knownTimeZone,
  daysBetween,
  formatLocalDate,
  lastDayOfMonth,
  localDateOf,
  offsetAt,
  parseLocalDate,
  startOfLocalDate,
  utcMidnightOf,
} from './time-zone';
import { type Piece, anchoredCover, cover } from './utc-cover';

/**
 * A reporting period (docs/reports.md): whole local days `from`..`to` (both included) in a time
 * zone, cut into buckets of an hour, a day or a month for the chart.
 */
export const GRANULARITIES = ['hour', 'day', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The earliest date a period may start: no order is older, and every zone's offset is a whole quarter hour since 1980. */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';
/** A period is at most 5 years (the limit for the Overview and the exports). */
export const MAX_PERIOD_YEARS = 5;
/** Hour buckets only for periods up to 31 days (744 points); days up to 5 years; months always. */
export const MAX_HOUR_DAYS = 31;
/** The default chart: days up to 92 days, months beyond. */
export const DAY_CHART_UP_TO_DAYS = 92;

export const TZ_MESSAGE = 'tz must be an IANA time zone such as Europe/Paris or Asia/Kolkata (the tz field, or the X-Timezone header)';

export interface Bucket {
  /** `2026-01-31` (day), `2026-01` (month), `2026-01-31T14:00` (hour, local wall clock). */
  label: string;
  start: number;
  end: number;
  pieces: Piece[];
}

export interface Period {
  tz: string;
  from: LocalDate;
  to: LocalDate;
  /** Local midnight of `from`, and of the day after `to`. */
  start: number;
  end: number;
  /** The whole period as buckets of the rollups. */
  pieces: Piece[];
}

const invalid = (message: string) => new AppError('invalid', message);

/** The zone named by the request (body or query `tz`, else the X-Timezone header, else UTC). */
export function timeZoneOf(field: string | undefined, header: string | undefined): string {
  const given = field ?? (header?.trim() || undefined);
  if (given === undefined) return 'UTC';
  const zone = knownTimeZone(given.trim());
  if (!zone) throw invalid(TZ_MESSAGE);
  return zone;
}

function dateField(text: string | undefined, name: 'from' | 'to'): LocalDate {
  if (text === undefined || text === null || text === '') throw invalid(`${name} is required`);
  const date = typeof text === 'string' ? parseLocalDate(text) : null;
  if (!date) throw invalid(`${name} must be a date such as 2026-01-31`);
  if (formatLocalDate(date) < EARLIEST_DATE || formatLocalDate(date) > LATEST_DATE) throw invalid(`${name} must be between ${EARLIEST_DATE} and ${LATEST_DATE}`);
  return date;
}

/** Instant where a local date begins, checked to be a whole quarter hour (every zone since 1980). */
function startOf(tz: string, date: LocalDate): number {
  const start = startOfLocalDate(tz, date);
  if (start % QUARTER_HOUR !== 0) throw invalid(`${TZ_MESSAGE}: its offset on ${formatLocalDate(date)} is not a whole quarter hour`);
  return start;
}

function periodOf(tz: string, from: LocalDate, to: LocalDate): Period {
  const start = startOf(tz, from);
  const endDate = addDays(to, 1);
  const end = startOf(tz, endDate);
  return { tz, from, to, start, end, pieces: anchoredCover(start, end, utcMidnightOf(from), utcMidnightOf(endDate)) };
}

/**
 * The period asked for: `from` and `to` real dates (YYYY-MM-DD), `from` ≤ `to`, at most 5 years
 * (`to` before the same date 5 years after `from`). Each refusal names the field.
 */
export function reportPeriod(input: { from?: string; to?: string; tz: string }): Period {
  const from = dateField(input.from, 'from');
  const to = dateField(input.to, 'to');
  if (daysBetween(from, to) < 0) throw invalid('to must be the same day as from or later');
  const limit = { ...from, y: from.y + MAX_PERIOD_YEARS, d: Math.min(from.d, lastDayOfMonth({ ...from, y: from.y + MAX_PERIOD_YEARS })) };
  if (daysBetween(to, limit) <= 0) throw invalid(`to must be less than ${MAX_PERIOD_YEARS} years after from (a period is at most ${MAX_PERIOD_YEARS} years)`);
  return periodOf(input.tz, from, to);
}

/** Number of local days in the period. */
export const periodDays = (period: Period) => daysBetween(period.from, period.to) + 1;

/** The same day of the month `months` after (or before) `date`'s, or that month's last day when it is shorter. */
function sameDayMonths(date: LocalDate, months: number): LocalDate {
  const first = addMonths(date, months);
  return { ...first, d: Math.min(date.d, lastDayOfMonth(first)) };
}

/**
 * How many months the period is when it is whole months counted from its end: the day after `to`,
 * that many months back, is `from` (8 Dec 2025 – 7 Dec 2026 is 12; January–March is 3). Else null.
 */
function monthsLong(period: Period): number | null {
  const after = addDays(period.to, 1);
  const months = (after.y - period.from.y) * 12 + (after.m - period.from.m);
  if (months < 1) return null;
  const from = sameDayMonths(after, -months);
  return daysBetween(from, period.from) === 0 ? months : null;
}

/**
 * The period before, to compare with: when the period is whole months (January–March, or the last
 * twelve months 8 Dec 2025 – 7 Dec 2026), the same number of months just before it (October–December;
 * 8 Dec 2024 – 7 Dec 2025); else the same number of days ending the day before `from`.
 */
export function previousPeriod(period: Period): Period {
  const { from, tz } = period;
  const months = monthsLong(period);
  if (months !== null) return periodOf(tz, sameDayMonths(from, -months), addDays(from, -1));
  return periodOf(tz, addDays(from, -periodDays(period)), addDays(from, -1));
}

export function defaultGranularity(period: Period): Granularity {
  return periodDays(period) <= DAY_CHART_UP_TO_DAYS ? 'day' : 'month';
}

export function checkGranularity(period: Period, granularity: Granularity): void {
  if (granularity === 'hour' && periodDays(period) > MAX_HOUR_DAYS) {
    throw invalid(`granularity hour is for periods of at most ${MAX_HOUR_DAYS} days; use day or month`);
  }
}

/** The chart's buckets, each with the rollup buckets that add up to it. */
export function bucketsOf(period: Period, granularity: Granularity): Bucket[] {
  const { tz } = period;
  const buckets: Bucket[] = [];
  if (granularity === 'hour') {
    for (let start = period.start; start < period.end;) {
      // Local hours: the next whole local hour, however long the offset change made this one.
      const wall = start + offsetAt(tz, start);
      let end = Math.min(period.end, start + HOUR - (wall % HOUR));
      if (end <= start) end = start + HOUR;
      const label = new Date(wall).toISOString().slice(0, 16);
      buckets.push({ label, start, end, pieces: cover(start, end) });
      start = end;
    }
    return buckets;
  }
  let date = period.from;
  while (daysBetween(date, period.to) >= 0) {
    const next = granularity === 'day' ? addDays(date, 1) : addMonths(date, 1);
    const last = daysBetween(next, addDays(period.to, 1)) < 0 ? addDays(period.to, 1) : next;
    const start = startOf(tz, date);
    const end = startOf(tz, last);
    const label = granularity === 'day' ? formatLocalDate(date) : formatLocalDate(date).slice(0, 7);
    buckets.push({ label, start, end, pieces: anchoredCover(start, end, utcMidnightOf(date), utcMidnightOf(last)) });
    date = last;
  }
  return buckets;
}

/** The local date of an instant in the period's zone (for labels of instants). */
export const localLabel = (tz: string, instant: number) => formatLocalDate(localDateOf(tz, instant));

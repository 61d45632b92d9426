import type { Granularity } from '@growth/kit';

/** The Overview's period choices (docs/reports.md, "A period": how each maps onto from/to). */
export const PERIOD_CHOICES = [
  { id: 'today', label: 'Today' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: '12m', label: '12 months' },
  { id: 'custom', label: 'Custom' },
] as const;

export type PeriodId = (typeof PERIOD_CHOICES)[number]['id'];

export interface Period {
  id: PeriodId;
  /** Local calendar dates, both included. */
  from: string;
  to: string;
  /** Omitted for a custom period: the server picks day up to 92 days, month beyond. */
  granularity?: Granularity;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local calendar date as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A real calendar date of the form YYYY-MM-DD (2026-02-30 is not). */
export function isDate(text: string | null): text is string {
  const match = text ? DATE.exec(text) : null;
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number);
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

function daysBefore(today: Date, days: number): string {
  return isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days));
}

/**
 * The first day of the last twelve months: tomorrow's date a year back, or the last day of that
 * month when it is shorter (as the server counts whole months, docs/reports.md#a-period), so the
 * period is exactly twelve months and is compared with the twelve before it.
 */
function twelveMonthsBefore(today: Date): string {
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  const lastDay = new Date(tomorrow.getFullYear() - 1, tomorrow.getMonth() + 1, 0).getDate();
  return isoDate(new Date(tomorrow.getFullYear() - 1, tomorrow.getMonth(), Math.min(tomorrow.getDate(), lastDay)));
}

/**
 * The period a choice means on `today` (the browser's local date): today per hour; the last 7 or
 * 30 days (today included) per day; the last twelve months (today included, not the year to date) per
 * month.
 * A custom period comes from the address; a missing or reversed one falls back to 7 days.
 */
export function periodOf(id: PeriodId, today: Date, custom: { from: string | null; to: string | null } = { from: null, to: null }): Period {
  const to = isoDate(today);
  switch (id) {
    case 'today':
      return { id, from: to, to, granularity: 'hour' };
    case '30d':
      return { id, from: daysBefore(today, 29), to, granularity: 'day' };
    case '12m':
      return { id, from: twelveMonthsBefore(today), to, granularity: 'month' };
    case 'custom':
      if (isDate(custom.from) && isDate(custom.to) && custom.from <= custom.to) return { id, from: custom.from, to: custom.to };
      return { id: '7d', from: daysBefore(today, 6), to, granularity: 'day' };
    case '7d':
    default:
      return { id: '7d', from: daysBefore(today, 6), to, granularity: 'day' };
  }
}

/** The browser's IANA time zone (sent as tz, so a day is the owner's day), UTC when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A bucket's label for people: '14:00' (hour), '10 Jan' (day), 'Jan 2026' (month). */
export function bucketLabel(bucket: string, granularity: Granularity): string {
  if (granularity === 'hour') return bucket.slice(11, 16) || bucket;
  const [y, m, d] = bucket.split('-');
  const month = MONTHS[Number(m) - 1];
  if (!month) return bucket;
  return granularity === 'month' ? `${month} ${y}` : `${Number(d)} ${month}`;
}

/** '10 Jan 2026' for a YYYY-MM-DD date. */
export function dateLabel(date: string): string {
  const [y, m, d] = date.split('-');
  const month = MONTHS[Number(m) - 1];
  return month ? `${Number(d)} ${month} ${y}` : date;
}

/** 'Today, 10 Jan 2026' or '4 Jan 2026 – 10 Jan 2026'. */
export function periodLabel(from: string, to: string): string {
  return from === to ? dateLabel(from) : `${dateLabel(from)} – ${dateLabel(to)}`;
}

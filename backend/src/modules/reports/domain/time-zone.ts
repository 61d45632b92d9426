/**
 * Local calendar time in an IANA time zone, from the runtime's time zone data (Intl). The figures
 * are kept per UTC quarter hour, hour, day and month (docs/reports.md, "Time zones"); these helpers
 * find where a local day or month begins, as an instant.
 */

/** A calendar date: year, month 1–12, day 1–31. */
export interface LocalDate {
  y: number;
  m: number;
  d: number;
}

const MINUTE = 60_000;
export const QUARTER_HOUR = 15 * MINUTE;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** An IANA name as browsers send it: Europe/Paris, America/Argentina/Buenos_Aires, Etc/GMT+5, UTC. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/**
 * The zone's name as given (trimmed) when the runtime knows it (any letter case, old names such as
 * Asia/Calcutta included), or null. The name is kept as sent: the runtime's "canonical" name is
 * sometimes the older one (ICU says Asia/Calcutta for Asia/Kolkata).
 */
export function knownTimeZone(name: string): string | null {
  const zone = name.trim();
  if (zone.length > 64 || !ZONE_NAME.test(zone)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** The local wall-clock time of an instant, as if it were UTC (ms), so `wall − instant` is the zone's offset. */
function wallClock(zone: string, instant: number): number {
  const parts = formatter(zone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The zone's offset from UTC at an instant, in ms (Asia/Kolkata: +19,800,000). Whole seconds. */
export function offsetAt(zone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(zone, whole) - whole;
}

/** The local calendar date of an instant. */
export function localDateOf(zone: string, instant: number): LocalDate {
  const wall = new Date(instant + offsetAt(zone, instant));
  return { y: wall.getUTCFullYear(), m: wall.getUTCMonth() + 1, d: wall.getUTCDate() };
}

const utcMidnight = (date: LocalDate) => Date.UTC(date.y, date.m - 1, date.d);
const before = (a: LocalDate, b: LocalDate) => utcMidnight(a) < utcMidnight(b);

/**
 * The first instant whose local date is `date`: local midnight, or, where a change of offset skips
 * midnight, the end of that gap. (Local dates never go backwards across a change of offset, so the
 * instants before it all have earlier dates.)
 */
export function startOfLocalDate(zone: string, date: LocalDate): number {
  const midnight = utcMidnight(date);
  // Usually one offset holds around midnight: midnight minus it is the answer.
  const guess = midnight - offsetAt(zone, midnight - offsetAt(zone, midnight));
  const starts = (t: number) => !before(localDateOf(zone, t), date) && before(localDateOf(zone, t - 1000), date);
  if (starts(guess)) return guess;
  // Otherwise search: offsets lie within ±18 hours, and the answer is a whole minute.
  let low = Math.floor((midnight - 18 * HOUR) / MINUTE);
  let high = Math.ceil((midnight + 18 * HOUR) / MINUTE);
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (before(localDateOf(zone, mid * MINUTE), date)) low = mid + 1;
    else high = mid;
  }
  return low * MINUTE;
}

/** The calendar date `days` after (or before) `date`. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const t = new Date(utcMidnight(date) + days * DAY);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** The first day of the month `months` after (or before) `date`'s month. */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const index = date.y * 12 + (date.m - 1) + months;
  return { y: Math.floor(index / 12), m: (index % 12) + 1, d: 1 };
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY);
}

export function lastDayOfMonth(date: LocalDate): number {
  return new Date(Date.UTC(date.y, date.m, 0)).getUTCDate();
}

export const formatLocalDate = (date: LocalDate) => `${String(date.y).padStart(4, '0')}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`;

/** The UTC midnight of a calendar date: where the UTC day of the same number begins. */
export const utcMidnightOf = utcMidnight;

/** `2026-01-31` as a real calendar date, or null. */
export function parseLocalDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
  if (date.m < 1 || date.m > 12 || date.d < 1 || date.d > lastDayOfMonth(date)) return null;
  return date;
}

/**
 * Offsets of one zone, remembered per UTC day: a day whose two ends have the same offset has it
 * throughout (zones change offset at most once a day), else each quarter hour is asked (changes of
 * offset fall on whole quarter hours since 1980). An export asks the runtime twice a day of data,
 * not once a row.
 */
export class OffsetCache {
  private readonly days = new Map<number, number | null>();
  private readonly quarters = new Map<number, number>();

  constructor(readonly zone: string) {}

  at(instant: number): number {
    const day = Math.floor(instant / DAY);
    let offset = this.days.get(day);
    if (offset === undefined) {
      const start = offsetAt(this.zone, day * DAY);
      offset = start === offsetAt(this.zone, (day + 1) * DAY - 1000) ? start : null;
      this.days.set(day, offset);
    }
    if (offset !== null) return offset;
    const quarter = Math.floor(instant / QUARTER_HOUR);
    let exact = this.quarters.get(quarter);
    if (exact === undefined) {
      exact = offsetAt(this.zone, quarter * QUARTER_HOUR);
      this.quarters.set(quarter, exact);
    }
    return exact;
  }

  /** Local date and time of an instant, `2026-03-29 02:30:00`, for a CSV cell. */
  text(instant: number): string {
    return new Date(instant + this.at(instant)).toISOString().slice(0, 19).replace('T', ' ');
  }
}

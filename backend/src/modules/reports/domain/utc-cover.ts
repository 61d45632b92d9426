import { DAY, HOUR, QUARTER_HOUR } from './time-zone';

/**
 * The rollups' buckets (migration 1764800000000-reports): UTC quarter hours, hours, days and months.
 * An interval whose ends are whole quarter hours is a signed sum of buckets (docs/reports.md, "Time
 * zones"): from one end to the next UTC midnight, whole days and months, then back down.
 */
export type Span = 'q' | 'h' | 'd' | 'm';

/** One bucket, counted `sign` times (+1 or −1). */
export interface Piece {
  span: Span;
  start: number;
  sign: 1 | -1;
}

export class UnalignedIntervalError extends Error {
  constructor(readonly instant: number) {
    super(`${new Date(instant).toISOString()} is not a whole quarter hour`);
    this.name = 'UnalignedIntervalError';
  }
}

const isMonthStart = (t: number) => {
  const d = new Date(t);
  return d.getUTCDate() === 1 && t % DAY === 0;
};
const nextMonth = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/**
 * Buckets that add up to [a, b), both whole quarter hours, a ≤ b: the largest bucket that starts at
 * each point and ends by b. From 18:30 to 18:30 a month later: 2 quarters, 5 hours, the days to the
 * month's end, the days of the next month, 18 hours, 2 quarters.
 */
export function cover(a: number, b: number, sign: 1 | -1 = 1): Piece[] {
  if (a % QUARTER_HOUR !== 0) throw new UnalignedIntervalError(a);
  if (b % QUARTER_HOUR !== 0) throw new UnalignedIntervalError(b);
  const pieces: Piece[] = [];
  for (let p = a; p < b;) {
    if (isMonthStart(p) && nextMonth(p) <= b) {
      pieces.push({ span: 'm', start: p, sign });
      p = nextMonth(p);
    } else if (p % DAY === 0 && p + DAY <= b) {
      pieces.push({ span: 'd', start: p, sign });
      p += DAY;
    } else if (p % HOUR === 0 && p + HOUR <= b) {
      pieces.push({ span: 'h', start: p, sign });
      p += HOUR;
    } else {
      pieces.push({ span: 'q', start: p, sign });
      p += QUARTER_HOUR;
    }
  }
  return pieces;
}

/** The interval [x, y) counted positively when x ≤ y, and [y, x) counted negatively otherwise. */
export function signedCover(x: number, y: number): Piece[] {
  return x <= y ? cover(x, y, 1) : cover(y, x, -1);
}

/**
 * [start, end) through anchors: [anchorStart, anchorEnd) + [start, anchorStart) − [end, anchorEnd).
 * With the anchors at the UTC midnights of the local dates where the interval begins and ends, the
 * middle part is whole UTC days and months, and each end costs at most 14 hours and 3 quarters.
 */
export function anchoredCover(start: number, end: number, anchorStart: number, anchorEnd: number): Piece[] {
  return [...cover(anchorStart, anchorEnd), ...signedCover(start, anchorStart), ...signedCover(end, anchorEnd).map((p) => ({ ...p, sign: -p.sign as 1 | -1 }))];
}

export const pieceKey = (span: Span, start: number) => `${span}${start}`;

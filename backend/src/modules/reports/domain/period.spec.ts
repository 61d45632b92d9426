import { AppError } from '../../../platform/errors/app-error';
import { bucketsOf, checkGranularity, defaultGranularity, previousPeriod, reportPeriod, timeZoneOf } from './period';

const iso = (t: number) => new Date(t).toISOString();
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return `${error.kind}: ${error.message}`;
    throw error;
  }
  return 'accepted';
};

describe('reporting periods', () => {
  it('takes the zone from the field, else the header, else UTC', () => {
    expect(timeZoneOf('Asia/Kolkata', 'Europe/Paris')).toBe('Asia/Kolkata');
    expect(timeZoneOf(undefined, ' Europe/Paris ')).toBe('Europe/Paris');
    expect(timeZoneOf(undefined, undefined)).toBe('UTC');
    expect(refusal(() => timeZoneOf(undefined, 'Nowhere/Land'))).toMatch(/^invalid: tz must be an IANA time zone/);
  });

  it('is whole local days, from the first to the last included', () => {
    const period = reportPeriod({ from: '2026-01-10', to: '2026-01-11', tz: 'Asia/Kolkata' });
    expect([iso(period.start), iso(period.end)]).toEqual(['2026-01-09T18:30:00.000Z', '2026-01-11T18:30:00.000Z']);
  });

  it('refuses periods that are not, naming the field', () => {
    const tz = 'UTC';
    expect(refusal(() => reportPeriod({ to: '2026-01-01', tz }))).toBe('invalid: from is required');
    expect(refusal(() => reportPeriod({ from: '2026-02-29', to: '2026-03-01', tz }))).toBe('invalid: from must be a date such as 2026-01-31');
    expect(refusal(() => reportPeriod({ from: '2026-03-02', to: '2026-03-01', tz }))).toBe('invalid: to must be the same day as from or later');
    expect(refusal(() => reportPeriod({ from: '2021-03-01', to: '2026-02-28', tz }))).toBe('accepted');
    expect(refusal(() => reportPeriod({ from: '2021-03-01', to: '2026-03-01', tz }))).toBe(
      'invalid: to must be less than 5 years after from (a period is at most 5 years)',
    );
    expect(refusal(() => reportPeriod({ from: '2024-02-29', to: '2029-02-27', tz }))).toBe('accepted');
    expect(refusal(() => reportPeriod({ from: '2024-02-29', to: '2029-02-28', tz }))).toMatch(/^invalid: to must be less than 5 years/);
    expect(refusal(() => reportPeriod({ from: '2101-01-01', to: '2101-01-02', tz }))).toBe('invalid: from must be between 2000-01-01 and 2100-12-31');
  });

  it('compares with the days before, or with the months before when the period is whole months', () => {
    const days = previousPeriod(reportPeriod({ from: '2026-03-01', to: '2026-03-07', tz: 'UTC' }));
    expect([days.from, days.to]).toEqual([
      { y: 2026, m: 2, d: 22 },
      { y: 2026, m: 2, d: 28 },
    ]);
    const months = previousPeriod(reportPeriod({ from: '2026-03-01', to: '2026-03-31', tz: 'UTC' }));
    expect([months.from, months.to]).toEqual([
      { y: 2026, m: 2, d: 1 },
      { y: 2026, m: 2, d: 28 },
    ]);
    const year = previousPeriod(reportPeriod({ from: '2025-01-01', to: '2025-12-31', tz: 'UTC' }));
    expect([year.from, year.to]).toEqual([
      { y: 2024, m: 1, d: 1 },
      { y: 2024, m: 12, d: 31 },
    ]);
  });

  it('compares the last twelve months with the twelve before, not with days of last year', () => {
    const last12 = previousPeriod(reportPeriod({ from: '2025-12-08', to: '2026-12-07', tz: 'UTC' }));
    expect([last12.from, last12.to]).toEqual([
      { y: 2024, m: 12, d: 8 },
      { y: 2025, m: 12, d: 7 },
    ]);
    // Ending on the last day of February: the twelve months begin on 1 March.
    const toFebruary = previousPeriod(reportPeriod({ from: '2025-03-01', to: '2026-02-28', tz: 'UTC' }));
    expect([toFebruary.from, toFebruary.to]).toEqual([
      { y: 2024, m: 3, d: 1 },
      { y: 2025, m: 2, d: 28 },
    ]);
    // Ending on 28 February of a leap year: twelve months back from 29 February is 28 February 2023.
    const leap = previousPeriod(reportPeriod({ from: '2023-02-28', to: '2024-02-28', tz: 'UTC' }));
    expect([leap.from, leap.to]).toEqual([
      { y: 2022, m: 2, d: 28 },
      { y: 2023, m: 2, d: 27 },
    ]);
    // Year to date is not whole months: it is compared with as many days before it.
    const ytd = previousPeriod(reportPeriod({ from: '2026-01-01', to: '2026-12-07', tz: 'UTC' }));
    expect([ytd.from, ytd.to]).toEqual([
      { y: 2025, m: 1, d: 25 },
      { y: 2025, m: 12, d: 31 },
    ]);
  });

  it('cuts the chart into local hours, days or months', () => {
    const kolkata = reportPeriod({ from: '2026-01-30', to: '2026-02-02', tz: 'Asia/Kolkata' });
    expect(defaultGranularity(kolkata)).toBe('day');
    expect(bucketsOf(kolkata, 'day').map((b) => [b.label, iso(b.start)])).toEqual([
      ['2026-01-30', '2026-01-29T18:30:00.000Z'],
      ['2026-01-31', '2026-01-30T18:30:00.000Z'],
      ['2026-02-01', '2026-01-31T18:30:00.000Z'],
      ['2026-02-02', '2026-02-01T18:30:00.000Z'],
    ]);
    expect(bucketsOf(kolkata, 'month').map((b) => [b.label, iso(b.start), iso(b.end)])).toEqual([
      ['2026-01', '2026-01-29T18:30:00.000Z', '2026-01-31T18:30:00.000Z'],
      ['2026-02', '2026-01-31T18:30:00.000Z', '2026-02-02T18:30:00.000Z'],
    ]);
    const paris = reportPeriod({ from: '2026-10-25', to: '2026-10-25', tz: 'Europe/Paris' });
    const hours = bucketsOf(paris, 'hour');
    expect(hours).toHaveLength(25);
    expect(hours.map((h) => h.label.slice(11)).filter((l) => l === '02:00')).toHaveLength(2);
    expect(defaultGranularity(reportPeriod({ from: '2025-01-01', to: '2025-12-31', tz: 'UTC' }))).toBe('month');
    expect(refusal(() => checkGranularity(reportPeriod({ from: '2026-01-01', to: '2026-02-01', tz: 'UTC' }), 'hour'))).toMatch(/^invalid: granularity hour/);
  });

  it('reads a 12-month chart in Kolkata from a few hundred buckets', () => {
    const period = reportPeriod({ from: '2025-01-01', to: '2025-12-31', tz: 'Asia/Kolkata' });
    const buckets = bucketsOf(period, 'month');
    const distinct = new Set([...buckets.flatMap((b) => b.pieces), ...period.pieces, ...previousPeriod(period).pieces].map((p) => `${p.span}${p.start}`));
    expect(distinct.size).toBeLessThan(200);
  });
});

import { bucketLabel, isDate, periodOf } from './period';

describe('Overview periods', () => {
  const today = new Date(2026, 0, 10, 15, 30); // 10 January 2026, local

  it('maps each choice onto local dates and a chart granularity', () => {
    expect(periodOf('today', today)).toEqual({ id: 'today', from: '2026-01-10', to: '2026-01-10', granularity: 'hour' });
    expect(periodOf('7d', today)).toEqual({ id: '7d', from: '2026-01-04', to: '2026-01-10', granularity: 'day' });
    expect(periodOf('30d', today)).toEqual({ id: '30d', from: '2025-12-12', to: '2026-01-10', granularity: 'day' });
    expect(periodOf('12m', today)).toEqual({ id: '12m', from: '2025-01-11', to: '2026-01-10', granularity: 'month' });
    expect(periodOf('custom', today, { from: '2025-12-01', to: '2025-12-31' })).toEqual({ id: 'custom', from: '2025-12-01', to: '2025-12-31' });
  });

  it('12 months are the last twelve, not the year to date', () => {
    expect(periodOf('12m', new Date(2026, 11, 7))).toMatchObject({ from: '2025-12-08', to: '2026-12-07' });
    expect(periodOf('12m', new Date(2026, 11, 31))).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
    // The last day of February: twelve months back from 1 March.
    expect(periodOf('12m', new Date(2026, 1, 28))).toMatchObject({ from: '2025-03-01', to: '2026-02-28' });
    // 28 February of a leap year: tomorrow is the 29th, a year back the month ends on the 28th.
    expect(periodOf('12m', new Date(2028, 1, 28))).toMatchObject({ from: '2027-02-28', to: '2028-02-28' });
  });

  it('a custom period that is reversed or not a real date falls back to 7 days', () => {
    expect(periodOf('custom', today, { from: '2026-01-09', to: '2026-01-01' }).id).toBe('7d');
    expect(periodOf('custom', today, { from: '2026-02-30', to: '2026-03-01' }).id).toBe('7d');
    expect([isDate('2024-02-29'), isDate('2025-02-29'), isDate('2026-1-1'), isDate(null)]).toEqual([true, false, false, false]);
  });

  it('labels buckets for people', () => {
    expect(bucketLabel('2026-01-10T14:00', 'hour')).toBe('14:00');
    expect(bucketLabel('2026-01-10', 'day')).toBe('10 Jan');
    expect(bucketLabel('2026-01', 'month')).toBe('Jan 2026');
  });
});

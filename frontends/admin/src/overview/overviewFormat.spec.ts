import { direction, formatMoney, groupDigits, signed } from './money';
import { bucketLabel, isDate, periodOf } from './period';

describe('Overview money text', () => {
  it('groups digits without touching the decimals (no float on the way)', () => {
    expect(groupDigits('1234567.50')).toBe('1,234,567.50');
    expect(groupDigits('90071992547409931.99')).toBe('90,071,992,547,409,931.99'); // beyond a float's exact integers
    expect(groupDigits('0.2784')).toBe('0.2784');
    expect(groupDigits('-34.99')).toBe('−34.99');
    expect(groupDigits('not a number')).toBe('not a number');
    expect(formatMoney('KWD', '19.990', 3)).toBe('KWD 19.990');
    expect(formatMoney('XTS', '1500', null)).toBe('XTS 1,500 (minor units)');
  });

  it('signs a change and tells its direction from the text', () => {
    expect(signed('12.50')).toBe('+12.50');
    expect(signed('-0.8216')).toBe('−0.8216');
    expect(signed('0.00')).toBe('0.00');
    expect(signed(-1)).toBe('−1');
    expect([direction('0.01'), direction('-0.01'), direction('0.000'), direction('-0.00'), direction(3)]).toEqual(['up', 'down', 'flat', 'flat', 'up']);
  });
});

describe('Overview periods', () => {
  const today = new Date(2026, 0, 10, 15, 30); // 10 January 2026, local

  it('maps each choice onto local dates and a chart granularity', () => {
    expect(periodOf('today', today)).toEqual({ id: 'today', from: '2026-01-10', to: '2026-01-10', granularity: 'hour' });
    expect(periodOf('7d', today)).toEqual({ id: '7d', from: '2026-01-04', to: '2026-01-10', granularity: 'day' });
    expect(periodOf('30d', today)).toEqual({ id: '30d', from: '2025-12-12', to: '2026-01-10', granularity: 'day' });
    expect(periodOf('12m', today)).toEqual({ id: '12m', from: '2025-02-01', to: '2026-01-10', granularity: 'month' });
    expect(periodOf('custom', today, { from: '2025-12-01', to: '2025-12-31' })).toEqual({ id: 'custom', from: '2025-12-01', to: '2025-12-31' });
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

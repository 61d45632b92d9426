import { OffsetCache, addMonths, knownTimeZone, localDateOf, offsetAt, parseLocalDate, startOfLocalDate } from './time-zone';

describe('time zones', () => {
  it('knows IANA names in any letter case and old names, and nothing else', () => {
    expect(knownTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(knownTimeZone('asia/calcutta')).toBe('asia/calcutta');
    expect(knownTimeZone('UTC')).toBe('UTC');
    expect(knownTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(knownTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    for (const bad of ['Mars/Olympus_Mons', '', '../../etc/passwd', 'Europe/Paris; DROP', 'x'.repeat(65), '+05:30']) expect(knownTimeZone(bad)).toBeNull();
  });

  it('finds where a local date begins: +05:30, +05:45, -09:30, +13:45', () => {
    const start = (zone: string, date: string) => new Date(startOfLocalDate(zone, parseLocalDate(date)!)).toISOString();
    expect(start('Asia/Kolkata', '2026-01-10')).toBe('2026-01-09T18:30:00.000Z');
    expect(start('Asia/Kathmandu', '2026-01-10')).toBe('2026-01-09T18:15:00.000Z');
    expect(start('Pacific/Marquesas', '2026-01-10')).toBe('2026-01-10T09:30:00.000Z');
    expect(start('Pacific/Chatham', '2026-01-10')).toBe('2026-01-09T10:15:00.000Z');
    expect(start('UTC', '2026-01-10')).toBe('2026-01-10T00:00:00.000Z');
  });

  it('follows changes of offset: DST days of 23 and 25 hours, a day that begins at 01:00, a day that never was', () => {
    const start = (zone: string, date: string) => new Date(startOfLocalDate(zone, parseLocalDate(date)!)).toISOString();
    expect(start('America/New_York', '2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(start('America/New_York', '2026-03-09')).toBe('2026-03-09T04:00:00.000Z');
    expect(start('Europe/Paris', '2026-10-26')).toBe('2026-10-25T23:00:00.000Z');
    // Santiago moves to summer time at midnight: 2025-09-07 begins at 01:00 local (04:00Z).
    expect(start('America/Santiago', '2025-09-07')).toBe('2025-09-07T04:00:00.000Z');
    // Samoa skipped 2011-12-30 altogether: the 31st begins where the 29th ended.
    expect(start('Pacific/Apia', '2011-12-31')).toBe(start('Pacific/Apia', '2011-12-30'));
  });

  it('reads offsets and local dates of instants', () => {
    expect(offsetAt('Asia/Kolkata', Date.parse('2026-06-01T00:00:00Z'))).toBe(19_800_000);
    expect(offsetAt('America/New_York', Date.parse('2026-07-01T12:00:00Z'))).toBe(-4 * 3_600_000);
    expect(localDateOf('Asia/Kolkata', Date.parse('2026-01-09T18:30:00Z'))).toEqual({ y: 2026, m: 1, d: 10 });
    expect(localDateOf('Asia/Kolkata', Date.parse('2026-01-09T18:29:59Z'))).toEqual({ y: 2026, m: 1, d: 9 });
  });

  it('writes an instant as local date and time for a CSV cell, across a change of offset', () => {
    const kolkata = new OffsetCache('Asia/Kolkata');
    expect(kolkata.text(Date.parse('2026-03-01T00:00:01.999Z'))).toBe('2026-03-01 05:30:01');
    const newYork = new OffsetCache('America/New_York');
    // 2026-03-08: 01:59:59 EST, then 03:00 EDT; the same cache answers both sides of the change.
    expect(newYork.text(Date.parse('2026-03-08T06:59:59Z'))).toBe('2026-03-08 01:59:59');
    expect(newYork.text(Date.parse('2026-03-08T07:00:00Z'))).toBe('2026-03-08 03:00:00');
    expect(newYork.text(Date.parse('2026-03-08T07:30:00Z'))).toBe('2026-03-08 03:30:00');
    expect(newYork.text(Date.parse('2026-03-08T04:59:59Z'))).toBe('2026-03-07 23:59:59');
    expect(newYork.text(Date.parse('2026-11-01T05:30:00Z'))).toBe('2026-11-01 01:30:00');
    expect(newYork.text(Date.parse('2026-11-01T06:30:00Z'))).toBe('2026-11-01 01:30:00');
  });

  it('parses real calendar dates only, and steps months', () => {
    expect(parseLocalDate('2024-02-29')).toEqual({ y: 2024, m: 2, d: 29 });
    for (const bad of ['2025-02-29', '2026-13-01', '2026-00-10', '2026-1-10', ' 2026-01-10', '2026-01-10T00:00']) expect(parseLocalDate(bad)).toBeNull();
    expect(addMonths({ y: 2026, m: 1, d: 31 }, -3)).toEqual({ y: 2025, m: 10, d: 1 });
    expect(addMonths({ y: 2026, m: 12, d: 5 }, 1)).toEqual({ y: 2027, m: 1, d: 1 });
  });
});

import { DAY_MS, dayText, momentText } from './day-text';

describe('day text', () => {
  it('writes a day and a moment as a customer reads them, in UTC', () => {
    const at = new Date('2026-12-03T23:05:00.000Z');
    expect(dayText(at)).toBe('3 Dec 2026');
    expect(momentText(at)).toBe('3 Dec 2026, 23:05 UTC');
    expect(dayText(new Date(at.getTime() + DAY_MS))).toBe('4 Dec 2026');
  });
});

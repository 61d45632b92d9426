import { formatDate } from './formatDate';

describe('formatDate', () => {
  it('writes dates in Indian English', () => {
    expect(formatDate('2025-09-02T10:00:00Z')).toBe(
      new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date('2025-09-02T10:00:00Z')),
    );
    expect(formatDate('2025-09-02T10:00:00Z')).toMatch(/^2 Sept? 2025$/);
    expect(formatDate('2025-09-02T10:00:00Z', { withTime: true })).toMatch(/^2 Sept? 2025, \d{1,2}:\d\d\s?(am|pm)$/i);
  });

  it('shows a dash for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

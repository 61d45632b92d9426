import { compareDecimal, formatDate, isPositiveDecimal, subtractDecimal } from './format';

describe('decimal text (money of the API, never through floats)', () => {
  it('compares whatever the number of decimals', () => {
    expect(compareDecimal('7.85', '7.850')).toBe(0);
    expect(compareDecimal('7.84', '7.85')).toBe(-1);
    expect(compareDecimal('10', '9.99')).toBe(1);
    // As floats these two are the same number.
    expect(compareDecimal('9007199254740993.02', '9007199254740993.01')).toBe(1);
    expect(compareDecimal('7.85', undefined)).toBeNull();
    expect(compareDecimal('-1', '0')).toBeNull();
    expect(compareDecimal('1e3', '0')).toBeNull();
  });

  it('subtracts, keeping the longer scale; null below zero or for unreadable text', () => {
    expect(subtractDecimal('7.85', '2.5')).toBe('5.35');
    expect(subtractDecimal('10', '0.01')).toBe('9.99');
    expect(subtractDecimal('0.30', '0.1')).toBe('0.20');
    expect(subtractDecimal('5', '5')).toBe('0');
    expect(subtractDecimal('2', '3')).toBeNull();
    expect(subtractDecimal('abc', '1')).toBeNull();
  });

  it('tells an amount above zero', () => {
    expect(isPositiveDecimal('0.01')).toBe(true);
    expect(isPositiveDecimal('0.00')).toBe(false);
    expect(isPositiveDecimal(null)).toBe(false);
  });

  it('writes a date as the card does, without the time', () => {
    expect(formatDate('2026-11-24T12:00:00.000Z')).toBe('Nov 24, 2026');
    expect(formatDate('soon')).toBeNull();
    expect(formatDate(null)).toBeNull();
  });
});

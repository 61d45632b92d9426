import { Decimal, divideRounded, percentChange } from './decimal';

describe('exact decimals', () => {
  it('adds and subtracts at the larger scale, never through floats', () => {
    expect(Decimal.minor(1999n, 2).minus(Decimal.parse('0.27819')).toString()).toBe('19.71181');
    expect(Decimal.parse('0.1').plus(Decimal.parse('0.2')).toString()).toBe('0.3');
    expect(Decimal.minor(-5n, 2).toString()).toBe('-0.05');
    expect(Decimal.minor(19990n, 3).toString()).toBe('19.990');
    expect(Decimal.minor(1500n, 0).toString()).toBe('1500');
    expect(Decimal.parse('1.50000').trimmed(2).toString()).toBe('1.50');
    expect(Decimal.parse('0.27840').trimmed(2).toString()).toBe('0.2784');
    expect(() => Decimal.parse('1e5')).toThrow();
  });

  it('rounds half away from zero', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
  });

  it('gives the change in percent with one decimal, none from zero', () => {
    expect(percentChange(Decimal.minor(150n, 2), Decimal.minor(100n, 2))).toBe('50.0');
    expect(percentChange(Decimal.minor(1n, 0), Decimal.minor(3n, 0))).toBe('-66.7');
    expect(percentChange(Decimal.minor(1n, 0), Decimal.ZERO)).toBeNull();
    expect(percentChange(Decimal.parse('-2'), Decimal.parse('-4'))).toBe('50.0');
  });

  it('reads looser decimal text with tryParse, null for anything else', () => {
    expect(Decimal.tryParse('.5')?.toString()).toBe('0.5');
    expect(Decimal.tryParse('5.')?.toString()).toBe('5');
    expect(Decimal.tryParse(' -3 ')?.toString()).toBe('-3');
    expect(Decimal.tryParse('0.27819')?.toString()).toBe('0.27819');
    for (const bad of ['', '.', '-', '1e3', '1,5', 'abc', '1.2.3']) expect(Decimal.tryParse(bad)).toBeNull();
    expect(() => Decimal.parse('.5')).toThrow();
  });
});

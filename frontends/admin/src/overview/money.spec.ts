import { direction, formatMoney, groupDigits, signed } from './money';

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

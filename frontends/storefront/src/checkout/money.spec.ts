import { formatMinorUnits, formatPrice } from './money';

describe('money', () => {
  it('formats a tier price in its currency', () => {
    expect(formatPrice('19.99', 'USD')).toBe('$19.99');
    expect(formatPrice('abc', 'USD')).toBe('abc USD');
    expect(formatPrice('5', 'XYZ1')).toBe('5.00 XYZ1');
  });

  it('formats an order amount given in minor units', () => {
    expect(formatMinorUnits(1999, 'USD')).toBe('$19.99');
    expect(formatMinorUnits(4999, 'INR')).toBe('₹49.99');
    expect(formatMinorUnits(500, 'JPY')).toBe('¥500');
  });
});

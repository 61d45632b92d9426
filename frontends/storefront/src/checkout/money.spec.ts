import { formatMinorUnits as format, formatPrice } from './money';

/** Intl puts a no-break space between a currency code and the number. */
const formatMinorUnits = (amount: number, currency: string, exponent: number) => format(amount, currency, exponent).replace(/\u00a0/g, ' ');

describe('money', () => {
  it('formats a tier price in its currency', () => {
    expect(formatPrice('19.99', 'USD')).toBe('$19.99');
    expect(formatPrice('abc', 'USD')).toBe('abc USD');
    expect(formatPrice('5', 'XYZ1')).toBe('5.00 XYZ1');
  });

  it('formats an order amount given in minor units with the exponent the server sent', () => {
    expect(formatMinorUnits(1999, 'USD', 2)).toBe('$19.99');
    expect(formatMinorUnits(4999, 'INR', 2)).toBe('₹49.99');
    expect(formatMinorUnits(500, 'JPY', 0)).toBe('¥500');
  });

  it('shows a KWD order of 19990 (19.99 KWD in thousandths) as 19.990 KWD, never 199.90 or 1.999', () => {
    expect(formatMinorUnits(19990, 'KWD', 3)).toBe('KWD 19.990');
    for (const currency of ['BHD', 'OMR', 'JOD', 'TND']) expect(formatMinorUnits(19990, currency, 3)).toBe(`${currency} 19.990`);
  });

  it("goes by the server's exponent where Intl's own digits differ from ISO 4217", () => {
    // Intl says 0 decimals for these; ISO 4217 (and Razorpay) say 3 and 2.
    expect(formatMinorUnits(19990, 'IQD', 3)).toBe('IQD 19.990');
    expect(formatMinorUnits(199900, 'HUF', 2)).toBe('HUF 1,999.00');
    expect(formatMinorUnits(199900, 'IDR', 2)).toBe('IDR 1,999.00');
  });

  it('is exact for amounts a float would round, and writes small amounts with their zeros', () => {
    expect(formatMinorUnits(9999999999, 'USD', 2)).toBe('$99,999,999.99');
    expect(formatMinorUnits(5, 'KWD', 3)).toBe('KWD 0.005');
  });

  it('does not guess without a usable exponent', () => {
    expect(formatMinorUnits(19990, 'KWD', Number.NaN)).toBe('19990 KWD');
    expect(formatMinorUnits(19990, 'KWD', 7)).toBe('19990 KWD');
  });
});

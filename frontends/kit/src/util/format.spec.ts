import { formatMoney, formatPrice, httpUrl } from './format';

describe('formatPrice', () => {
  it.each([
    ['19.99', 'USD', '$19.99'],
    ['12.5', 'EUR', '€12.50'],
    ['5', 'XYZ1', '5.00 XYZ1'],
    ['', 'USD', '—'],
    ['abc', 'USD', '—'],
  ])('%j %s -> %j', (price, currency, text) => {
    expect(formatPrice(price, currency)).toBe(text);
  });
});

describe('httpUrl', () => {
  it('keeps absolute http(s) links only', () => {
    expect(httpUrl(' https://youtube.com/@ann ')).toBe('https://youtube.com/@ann');
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl('/relative')).toBeNull();
    expect(httpUrl(42)).toBeNull();
  });
});

describe('formatMoney', () => {
  it.each([
    ['49.99', 'USD', '$49.99'],
    ['19.990', 'KWD', 'KWD\u00a019.990'],
    ['1500', 'JPY', '¥1,500'],
    // Beyond a float's 15-16 digits: every digit as sent.
    ['12345678901234567.89', 'USD', '$12,345,678,901,234,567.89'],
    ['0.00', 'usd', '$0.00'],
    ['5.00', 'XYZ1', '5.00 XYZ1'],
    [49.99, 'USD', '—'],
    ['1e3', 'USD', '—'],
  ])('%j %s -> %j', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });
});

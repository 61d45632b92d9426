import { formatPrice, httpUrl } from './format';

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

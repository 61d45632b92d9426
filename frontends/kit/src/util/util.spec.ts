import { slugify } from './slug';
import { logoSrc } from './logo';
import { formatPrice, httpUrl } from './format';

describe('slugify', () => {
  it.each([
    ['YouTube', 'youtube'],
    ['X (Twitter)', 'x-twitter'],
    ['  LinkedIn Growth!! ', 'linkedin-growth'],
    ['Threads & Telegram -- 2025', 'threads-telegram-2025'],
    ['---', ''],
  ])('%j -> %j', (heading, slug) => {
    expect(slugify(heading)).toBe(slug);
  });
});

describe('logoSrc', () => {
  it('marks base64 with the JPEG signature as JPEG', () => {
    expect(logoSrc('/9j/4AAQSkZJRg')).toBe('data:image/jpeg;base64,/9j/4AAQSkZJRg');
  });

  it('treats other base64 as PNG', () => {
    expect(logoSrc('iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('passes data URLs through', () => {
    expect(logoSrc('data:image/webp;base64,UklGR')).toBe('data:image/webp;base64,UklGR');
  });

  it('is null when the logo is missing', () => {
    expect(logoSrc(undefined)).toBeNull();
    expect(logoSrc(null)).toBeNull();
    expect(logoSrc('  ')).toBeNull();
  });
});

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

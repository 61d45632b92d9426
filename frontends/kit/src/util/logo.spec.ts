import { logoSrc } from './logo';

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

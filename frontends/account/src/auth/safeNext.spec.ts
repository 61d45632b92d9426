import { safeNext } from './safeNext';

describe('safeNext', () => {
  it.each([
    ['/profile', '/profile'],
    ['/services/active?page=2', '/services/active?page=2'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['profile', '/'],
    ['/login?next=/x', '/'],
  ])('%s → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});

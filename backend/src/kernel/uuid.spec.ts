import { isUuid } from './uuid';

describe('isUuid', () => {
  it('takes a canonical UUID of any version, in either case', () => {
    expect(isUuid('0b7f3c1e-8d2a-4f5b-9c6d-1e2f3a4b5c6d')).toBe(true);
    expect(isUuid('0B7F3C1E-8D2A-4F5B-9C6D-1E2F3A4B5C6D')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it('refuses anything PostgreSQL would not read as a uuid column value the same way', () => {
    for (const text of [
      '',
      'not-a-uuid',
      '0b7f3c1e8d2a4f5b9c6d1e2f3a4b5c6d',
      '{0b7f3c1e-8d2a-4f5b-9c6d-1e2f3a4b5c6d}',
      ' 0b7f3c1e-8d2a-4f5b-9c6d-1e2f3a4b5c6d',
      '0b7f3c1e-8d2a-4f5b-9c6d-1e2f3a4b5c6g',
      '0b7f3c1e-8d2a-4f5b-9c6d-1e2f3a4b5c6d\n',
    ]) {
      expect(isUuid(text)).toBe(false);
    }
    expect(isUuid(42)).toBe(false);
    expect(isUuid(null)).toBe(false);
  });
});

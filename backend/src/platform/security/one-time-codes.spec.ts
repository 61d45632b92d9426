import { createHmac } from 'node:crypto';
import { OneTimeCodes } from './one-time-codes';

describe('OneTimeCodes', () => {
  const secret = 'unit-test-secret-unit-test-secret-00';

  it('stores the code as HMAC-SHA256 under the labelled key, over the parts and the code joined by new lines', () => {
    // The stored form of codes already in the database: changing it would void every live code.
    const key = createHmac('sha256', secret).update('admin-one-time-codes').digest();
    const expected = createHmac('sha256', key).update('a1\npassword-reset\nowner@shop.example\n012345').digest('base64url');
    expect(new OneTimeCodes(secret, 'admin-one-time-codes', 6).hash('a1', 'password-reset', 'owner@shop.example', '012345')).toBe(expected);
  });

  it('accepts the right code and refuses a wrong code, other parts, another key or a malformed hash', () => {
    const codes = new OneTimeCodes(secret, 'email-verification-codes', 6);
    const stored = codes.hash('ada@example.com', '123456');
    expect(codes.matches('ada@example.com', '123456', stored)).toBe(true);
    expect(codes.matches('ada@example.com', '123457', stored)).toBe(false);
    expect(codes.matches('bob@example.com', '123456', stored)).toBe(false);
    expect(new OneTimeCodes(secret, 'customer-password-reset-codes', 6).matches('ada@example.com', '123456', stored)).toBe(false);
    expect(codes.matches('ada@example.com', '123456', stored.slice(1))).toBe(false);
    expect(codes.matches('ada@example.com', '123456', '')).toBe(false);
  });

  it('generates codes of the given number of digits, leading zeros kept', () => {
    const codes = new OneTimeCodes(secret, 'x', 6);
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const code = codes.generate();
      expect(code).toMatch(/^\d{6}$/);
      seen.add(code);
    }
    expect(seen.size).toBeGreaterThan(290);
    expect(new OneTimeCodes(secret, 'x', 4).generate()).toMatch(/^\d{4}$/);
  });
});

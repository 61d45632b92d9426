import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * One-time codes mailed to customers and admins, and their stored form: HMAC-SHA256 under a key
 * derived from the app secret and a label of its own, over what the code is bound to (an account,
 * an address, a purpose) and the code, joined by new lines. A keyed hash rather than scrypt: a
 * 6-digit code has only a million values, so a slow hash would not protect a leaked table, while
 * the key (not in the database) does. Each kind of code has its own label, so a code of one kind
 * never passes as another. The one class behind identity's and admin's codes (docs/architecture.md#one-way-per-thing).
 */
export class OneTimeCodes {
  private readonly key: Buffer;

  constructor(
    secret: string,
    keyLabel: string,
    private readonly digits: number,
  ) {
    this.key = createHmac('sha256', secret).update(keyLabel).digest();
  }

  /** A fresh code of `digits` random decimal digits (leading zeros kept). */
  generate(): string {
    return String(randomInt(0, 10 ** this.digits)).padStart(this.digits, '0');
  }

  /** The stored form: `parts` are what the code is bound to, the code last. */
  hash(...parts: string[]): string {
    return createHmac('sha256', this.key).update(parts.join('\n')).digest('base64url');
  }

  /** Whether the parts (the code last) hash to `codeHash`, compared in constant time. */
  matches(...partsThenHash: [...parts: string[], codeHash: string]): boolean {
    const codeHash = partsThenHash[partsThenHash.length - 1];
    const actual = Buffer.from(this.hash(...partsThenHash.slice(0, -1)));
    const expected = Buffer.from(codeHash);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

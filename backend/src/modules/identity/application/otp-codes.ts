import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { OTP_LENGTH } from '../domain/email-verification';

/**
 * Makes one-time codes and their stored form: HMAC-SHA256 under a key derived from JWT_SECRET, over
 * the address and the code. A keyed hash rather than scrypt: a 6-digit code has only a million
 * values, so a slow hash would not protect a leaked table, while the key (not in the database) does.
 */
@Injectable()
export class OtpCodes {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('email-verification-codes').digest();
  }

  generate(): string {
    return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  }

  hash(email: string, code: string): string {
    return createHmac('sha256', this.key).update(`${email}\n${code}`).digest('base64url');
  }

  matches(email: string, code: string, codeHash: string): boolean {
    const actual = Buffer.from(this.hash(email, code));
    const expected = Buffer.from(codeHash);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

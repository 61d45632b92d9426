import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { OTP_LENGTH } from '../domain/email-verification';

/**
 * Makes one-time codes and their stored form: HMAC-SHA256 under a key derived from JWT_SECRET, over
 * the address and the code. A keyed hash rather than scrypt: a 6-digit code has only a million
 * values, so a slow hash would not protect a leaked table, while the key (not in the database) does.
 * "Forgot Password?" codes are hashed under a key of their own, over the account, the address the
 * code went to and the code: a registration code never passes as a reset code, or the reverse.
 */
@Injectable()
export class OtpCodes {
  private readonly key: Buffer;
  private readonly resetKey: Buffer;

  constructor(config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('email-verification-codes').digest();
    this.resetKey = createHmac('sha256', config.jwtSecret).update('customer-password-reset-codes').digest();
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

  hashReset(userId: string, email: string, code: string): string {
    return createHmac('sha256', this.resetKey).update(`${userId}\n${email}\n${code}`).digest('base64url');
  }

  matchesReset(userId: string, email: string, code: string, codeHash: string): boolean {
    const actual = Buffer.from(this.hashReset(userId, email, code));
    const expected = Buffer.from(codeHash);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

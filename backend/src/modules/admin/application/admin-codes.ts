import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { ADMIN_CODE_LENGTH, type AdminCodePurpose } from '../domain/admin-code';

/**
 * Makes admin one-time codes and their stored form: HMAC-SHA256 under a key derived from
 * JWT_SECRET (a key of its own, not the customers' one), over the admin, the purpose, the address
 * the code went to and the code. A keyed hash rather than scrypt: a 6-digit code has a million
 * values, so a slow hash would not protect a leaked table, while the key (not in the database)
 * does. The address is part of it, so a reset code dies when the admin's address changes.
 */
@Injectable()
export class AdminCodes {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('admin-one-time-codes').digest();
  }

  generate(): string {
    return String(randomInt(0, 10 ** ADMIN_CODE_LENGTH)).padStart(ADMIN_CODE_LENGTH, '0');
  }

  hash(adminId: string, purpose: AdminCodePurpose, email: string, code: string): string {
    return createHmac('sha256', this.key).update(`${adminId}\n${purpose}\n${email}\n${code}`).digest('base64url');
  }

  matches(adminId: string, purpose: AdminCodePurpose, email: string, code: string, codeHash: string): boolean {
    const actual = Buffer.from(this.hash(adminId, purpose, email, code));
    const expected = Buffer.from(codeHash);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

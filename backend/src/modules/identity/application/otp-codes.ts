import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { OneTimeCodes } from '../../../platform/security/one-time-codes';
import { OTP_LENGTH } from '../domain/email-verification';

/**
 * Customers' one-time codes (platform/security/one-time-codes.ts). Registration codes are bound
 * to the address: `hash(email, code)`. "Forgot Password?" codes are hashed under a key of their
 * own, over the account, the address the code went to and the code: a registration code never
 * passes as a reset code, or the reverse.
 */
@Injectable()
export class OtpCodes extends OneTimeCodes {
  private readonly resetCodes: OneTimeCodes;

  constructor(config: AppConfig) {
    super(config.jwtSecret, 'email-verification-codes', OTP_LENGTH);
    this.resetCodes = new OneTimeCodes(config.jwtSecret, 'customer-password-reset-codes', OTP_LENGTH);
  }

  override hash(email: string, code: string): string {
    return super.hash(email, code);
  }

  override matches(email: string, code: string, codeHash: string): boolean {
    return super.matches(email, code, codeHash);
  }

  hashReset(userId: string, email: string, code: string): string {
    return this.resetCodes.hash(userId, email, code);
  }

  matchesReset(userId: string, email: string, code: string, codeHash: string): boolean {
    return this.resetCodes.matches(userId, email, code, codeHash);
  }
}

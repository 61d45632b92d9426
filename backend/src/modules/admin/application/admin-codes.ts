import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { OneTimeCodes } from '../../../platform/security/one-time-codes';
import { ADMIN_CODE_LENGTH, type AdminCodePurpose } from '../domain/admin-code';

/**
 * Admin one-time codes (platform/security/one-time-codes.ts) under a key of their own, not the
 * customers' one, bound to the admin, the purpose and the address the code went to, so a reset
 * code dies when the admin's address changes: `hash(adminId, purpose, email, code)`.
 */
@Injectable()
export class AdminCodes extends OneTimeCodes {
  constructor(config: AppConfig) {
    super(config.jwtSecret, 'admin-one-time-codes', ADMIN_CODE_LENGTH);
  }

  override hash(adminId: string, purpose: AdminCodePurpose, email: string, code: string): string {
    return super.hash(adminId, purpose, email, code);
  }

  override matches(adminId: string, purpose: AdminCodePurpose, email: string, code: string, codeHash: string): boolean {
    return super.matches(adminId, purpose, email, code, codeHash);
  }
}

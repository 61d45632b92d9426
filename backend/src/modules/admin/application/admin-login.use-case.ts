import { Injectable } from '@nestjs/common';
import { SessionTokens } from '../../../platform/auth/session-tokens';
import { invalidCredentials } from '../../../platform/auth/auth.errors';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { normaliseAdminEmail } from '../domain/admin';
import { AdminRepository } from './admin.repository.port';
import { adminSession, type AdminSession } from './admin-session';

const FAILED = invalidCredentials;

/**
 * POST /admin/login. Every failure is the same 401, and an unknown address costs the same hashing
 * time as a wrong password, so neither the answer nor its timing tells whether an address is an
 * admin's.
 */
@Injectable()
export class AdminLoginUseCase {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly admins: AdminRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SessionTokens,
  ) {}

  async execute(rawEmail: string, password: string): Promise<AdminSession> {
    const admin = await this.admins.findByEmail(normaliseAdminEmail(rawEmail));
    if (!admin) {
      this.dummyHash ??= this.hasher.hash('not-a-real-admin-password');
      await this.hasher.verify(password, await this.dummyHash);
      throw FAILED();
    }
    if (!(await this.hasher.verify(password, admin.passwordHash))) throw FAILED();
    return adminSession(this.tokens, admin);
  }
}

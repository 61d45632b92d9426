import { Injectable } from '@nestjs/common';
import type { Role } from './principal';

/** Reads an account's current token version; null when the account does not exist (any more). */
export type TokenVersionSource = (id: string) => Promise<number | null>;

/**
 * Where the guard learns whether a token's account still exists and its sessions are still valid.
 * The module that owns each kind of account registers its source at start (identity: customers,
 * admin: admins), so the platform never reads a module's tables. A role without a source has no
 * valid session at all.
 */
@Injectable()
export class SessionVersions {
  private readonly sources = new Map<Role, TokenVersionSource>();

  register(role: Role, source: TokenVersionSource): void {
    if (this.sources.has(role)) throw new Error(`A token version source for ${role} is registered already`);
    this.sources.set(role, source);
  }

  async current(role: Role, id: string): Promise<number | null> {
    const source = this.sources.get(role);
    return source ? source(id) : null;
  }
}

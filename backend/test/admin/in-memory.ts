import { randomUUID } from 'node:crypto';
import { AuditLog, type AuditEntry, type AuditFilter, type AuditRecord } from '../../src/platform/audit/audit-log.port';
import type { Principal } from '../../src/platform/auth/principal';
import { AppError } from '../../src/platform/errors/app-error';
import { AdminCodeRepository } from '../../src/modules/admin/application/admin-code.repository.port';
import { AdminRepository } from '../../src/modules/admin/application/admin.repository.port';
import type { Admin } from '../../src/modules/admin/domain/admin';
import type { AdminCode, AdminCodePurpose } from '../../src/modules/admin/domain/admin-code';

/** In-memory fakes extending the admin module's ports, for the use-case unit specs. */

export class InMemoryAdmins extends AdminRepository {
  readonly rows = new Map<string, Admin>();

  add(email: string, passwordHash: string): Admin {
    const admin: Admin = { adminId: randomUUID(), email, passwordHash, tokenVersion: 0, createdAt: new Date() };
    this.rows.set(admin.adminId, admin);
    return { ...admin };
  }
  async findByEmail(email: string) {
    const row = [...this.rows.values()].find((a) => a.email === email);
    return row ? { ...row } : null;
  }
  async findById(adminId: string) {
    const row = this.rows.get(adminId);
    return row ? { ...row } : null;
  }
  async changePassword(adminId: string, passwordHash: string) {
    const row = this.rows.get(adminId);
    if (!row) return null;
    row.passwordHash = passwordHash;
    row.tokenVersion += 1;
    return { ...row };
  }
  async changeEmail(adminId: string, email: string) {
    const row = this.rows.get(adminId);
    if (!row) return null;
    if ([...this.rows.values()].some((a) => a.email === email && a.adminId !== adminId)) {
      throw new AppError('conflict', 'This email is already in use.', 'email_taken');
    }
    row.email = email;
    row.tokenVersion += 1;
    return { ...row };
  }
  async emailsOf(adminIds: string[]) {
    return new Map(adminIds.flatMap((id) => (this.rows.has(id) ? [[id, this.rows.get(id)!.email] as [string, string]] : [])));
  }
}

export class InMemoryAdminCodes extends AdminCodeRepository {
  readonly rows = new Map<string, AdminCode>();
  private key = (adminId: string, purpose: AdminCodePurpose) => `${adminId}/${purpose}`;

  async find(adminId: string, purpose: AdminCodePurpose) {
    const row = this.rows.get(this.key(adminId, purpose));
    return row ? { ...row } : null;
  }
  async replaceUnlessSentAfter(code: AdminCode, sentBefore: Date) {
    const previous = this.rows.get(this.key(code.adminId, code.purpose));
    if (previous && previous.sentAt > sentBefore) return false;
    this.rows.set(this.key(code.adminId, code.purpose), { ...code, tries: 0 });
    return true;
  }
  async claimTry(adminId: string, purpose: AdminCodePurpose, codeHash: string, maxTries: number) {
    const row = this.rows.get(this.key(adminId, purpose));
    if (!row || row.codeHash !== codeHash || row.tries >= maxTries) return null;
    row.tries += 1;
    return row.tries;
  }
  async consume(adminId: string, purpose: AdminCodePurpose, codeHash: string) {
    const row = this.rows.get(this.key(adminId, purpose));
    if (!row || row.codeHash !== codeHash) return false;
    this.rows.delete(this.key(adminId, purpose));
    return true;
  }
  async remove(adminId: string, purpose: AdminCodePurpose) {
    this.rows.delete(this.key(adminId, purpose));
  }
}

/** Keeps what the use cases record, newest last. */
export class RecordingAuditLog extends AuditLog {
  readonly records: AuditRecord[] = [];
  async record(actor: Principal, entry: AuditEntry) {
    this.records.push({ ...entry, auditId: randomUUID(), actorId: actor.id, actorRole: actor.role, createdAt: new Date() });
  }
  async page(page: number, limit: number, filter: AuditFilter = {}) {
    const newest = [...this.records]
      .reverse()
      .filter(
        (r) =>
          (!filter.actorId || r.actorId === filter.actorId) &&
          (!filter.kind || r.action.startsWith(`${filter.kind}.`)) &&
          (!filter.from || r.createdAt >= filter.from) &&
          (!filter.to || r.createdAt < filter.to),
      );
    return { records: newest.slice((page - 1) * limit, page * limit), total: newest.length };
  }
}

export { InlineUnitOfWork as DirectUnitOfWork, ManualClock, PlainHasher, RecordingMailer } from '../support/fakes';

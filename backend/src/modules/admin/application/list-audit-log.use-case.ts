import { Injectable } from '@nestjs/common';
import { AuditLog, type AuditRecord } from '../../../platform/audit/audit-log.port';
import { AdminRepository } from './admin.repository.port';

export interface AuditEntryView extends AuditRecord {
  /** The acting admin's current address; null when that admin no longer exists. */
  adminEmail: string | null;
}

export interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  page: number;
  limit: number;
}

/** POST /admin/audit: the audit log, newest first, each entry with the acting admin's address. */
@Injectable()
export class ListAuditLogUseCase {
  constructor(
    private readonly audit: AuditLog,
    private readonly admins: AdminRepository,
  ) {}

  async execute(page: number, limit: number): Promise<AuditPage> {
    const { records, total } = await this.audit.page(page, limit);
    const emails = await this.admins.emailsOf([...new Set(records.filter((r) => r.actorRole === 'admin').map((r) => r.actorId))]);
    return {
      entries: records.map((record) => ({ ...record, adminEmail: record.actorRole === 'admin' ? (emails.get(record.actorId) ?? null) : null })),
      total,
      page,
      limit,
    };
  }
}

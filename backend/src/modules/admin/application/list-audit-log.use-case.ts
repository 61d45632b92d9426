import { Injectable, Optional } from '@nestjs/common';
import { AuditLog, type AuditFilter, type AuditRecord } from '../../../platform/audit/audit-log.port';
import { AdminRepository } from './admin.repository.port';
import { AuditSubjects, subjectKey, type AuditSubject } from './audit-subjects.port';

export interface AuditEntryView extends AuditRecord {
  /** The acting admin's current address; null when that admin no longer exists. */
  adminEmail: string | null;
  /** What the entry touched, in staff's words; null when the record is gone (or not named). */
  subject: AuditSubject | null;
}

export interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  page: number;
  limit: number;
}

/**
 * POST /admin/audit: the audit log, newest first, filtered by actor, kind of action and period, each
 * entry with the acting admin's address and what it touched (the order and its customer, the
 * plan's name…), so the screen can say it as a sentence.
 */
@Injectable()
export class ListAuditLogUseCase {
  constructor(
    private readonly audit: AuditLog,
    private readonly admins: AdminRepository,
    @Optional() private readonly subjects?: AuditSubjects,
  ) {}

  async execute(page: number, limit: number, filter: AuditFilter = {}): Promise<AuditPage> {
    const { records, total } = await this.audit.page(page, limit, filter);
    const emails = await this.admins.emailsOf([...new Set(records.filter((r) => r.actorRole === 'admin').map((r) => r.actorId))]);
    const subjects = this.subjects && records.length > 0 ? await this.subjects.describe(records) : new Map<string, AuditSubject>();
    return {
      entries: records.map((record) => ({
        ...record,
        adminEmail: record.actorRole === 'admin' ? (emails.get(record.actorId) ?? null) : null,
        subject: subjects.get(subjectKey({ entity: record.entity, entityId: record.entityId.toLowerCase() })) ?? null,
      })),
      total,
      page,
      limit,
    };
  }
}

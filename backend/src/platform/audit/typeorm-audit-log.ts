import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { readPage } from '../database/paging';
import { UnitOfWork } from '../database/unit-of-work';
import { And, Equal, LessThan, Like, MoreThanOrEqual, type FindOptionsWhere } from 'typeorm';
import { AuditLog, type AuditEntry, type AuditFilter, type AuditRecord } from './audit-log.port';
import { AuditLogOrmEntity } from './audit-log.orm-entity';

/** A snapshot larger than this (as JSON) is stored as a note of its size, not in full. */
const MAX_SNAPSHOT_CHARS = 4_000;

function small(snapshot: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!snapshot) return null;
  const json = JSON.stringify(snapshot);
  return json.length <= MAX_SNAPSHOT_CHARS ? (JSON.parse(json) as Record<string, unknown>) : { omitted: `${json.length} characters` };
}

/** The audit log in PostgreSQL, written through the caller's UnitOfWork transaction. */
@Injectable()
export class TypeOrmAuditLog extends AuditLog {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  async record(actor: Principal, entry: AuditEntry): Promise<void> {
    const rows = this.uow.repository(AuditLogOrmEntity);
    const row = Object.assign(new AuditLogOrmEntity(), {
      actorId: actor.id,
      actorRole: actor.role,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: small(entry.before),
      after: small(entry.after),
    });
    await rows.save(row, { reload: false });
  }

  async page(page: number, limit: number, filter: AuditFilter = {}): Promise<{ records: AuditRecord[]; total: number }> {
    const where: FindOptionsWhere<AuditLogOrmEntity> = {};
    if (filter.actorId) where.actorId = Equal(filter.actorId);
    // LIKE's wildcards in a kind ('refund_request') are escaped: the prefix matches itself only.
    if (filter.kind) where.action = Like(`${filter.kind.replace(/[\\%_]/g, '\\$&')}.%`);
    if (filter.from && filter.to) where.createdAt = And(MoreThanOrEqual(filter.from), LessThan(filter.to));
    else if (filter.from) where.createdAt = MoreThanOrEqual(filter.from);
    else if (filter.to) where.createdAt = LessThan(filter.to);
    // Read as every list is (database/paging.ts); the rows are the keys.
    const repository = this.uow.repository(AuditLogOrmEntity);
    const { items: rows, total } = await readPage(page, limit, {
      count: async () => ({ total: await repository.count({ where }), exact: true }),
      keys: (offset, take) => repository.find({ where, order: { createdAt: 'DESC', auditId: 'DESC' }, skip: offset, take }),
    });
    return {
      total,
      records: rows.map((row) => ({
        auditId: row.auditId,
        actorId: row.actorId,
        actorRole: row.actorRole,
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        before: row.before,
        after: row.after,
        createdAt: row.createdAt,
      })),
    };
  }
}

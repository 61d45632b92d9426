import type { Principal } from '../auth/principal';

/** One admin write, as the audit log keeps it. */
export interface AuditEntry {
  /** What was done, `<entity>.<verb>`: 'service.update', 'plan.delete', 'subscription.status'. */
  action: string;
  entity: string;
  entityId: string;
  /** Small snapshots of the changed fields (never secrets); large values are cut by the adapter. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditRecord extends AuditEntry {
  auditId: string;
  actorId: string;
  actorRole: string;
  createdAt: Date;
}

/** Which records a page of the log holds (all when empty). */
export interface AuditFilter {
  /** The acting admin's id. */
  actorId?: string;
  /** The kind of action: the part of `action` before its first dot ('subscription', 'plan', 'refund_request'). */
  kind?: string;
  /** Recorded at or after this instant. */
  from?: Date;
  /** Recorded before this instant. */
  to?: Date;
}

/**
 * Who changed what, when: every admin write records itself here, inside its own UnitOfWork
 * transaction, so a write and its record commit or roll back together.
 */
export abstract class AuditLog {
  abstract record(actor: Principal, entry: AuditEntry): Promise<void>;
  /** Newest first, only the records the filter takes. */
  abstract page(page: number, limit: number, filter?: AuditFilter): Promise<{ records: AuditRecord[]; total: number }>;
}

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

/**
 * Who changed what, when: every admin write records itself here, inside its own UnitOfWork
 * transaction, so a write and its record commit or roll back together.
 */
export abstract class AuditLog {
  abstract record(actor: Principal, entry: AuditEntry): Promise<void>;
  /** Newest first. */
  abstract page(page: number, limit: number): Promise<{ records: AuditRecord[]; total: number }>;
}

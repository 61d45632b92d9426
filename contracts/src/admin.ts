/** The admin accounts' bodies: admin sign-in and the audit log (docs/product.md#admin). */
import type { PagedAnswer } from './api';

/** POST /admin/login. */
export interface AdminLoginAnswer {
  message?: string;
  token?: string;
  adminId?: string;
  /** When the session ends (ISO text). */
  expiresAt?: string;
}

/** What an entry touched, as the server names it in staff's words (null when the record is gone). */
export interface AuditSubject {
  /** A short name of the record: 'order_Np0f…', 'YouTube', 'Growth (YouTube)', 'ann@example.com'. */
  label: string;
  /** The payment order of a subscription. */
  orderId?: string;
  /** The customer a subscription or a user entry concerns. */
  userId?: string;
  customerEmail?: string;
  customerName?: string;
  /** The plan of a plan, tier or mapping entry (for the plan editor's link). */
  planId?: string;
}

/** One admin write as POST /admin/audit lists it. */
export interface AuditEntry {
  auditId: string;
  adminId?: string;
  adminEmail?: string | null;
  action: string;
  entity?: string;
  entityId?: string | null;
  subject?: AuditSubject | null;
  before?: unknown;
  after?: unknown;
  createdAt?: string;
}

/** POST /admin/audit. */
export type AuditAnswer = PagedAnswer<AuditEntry>;

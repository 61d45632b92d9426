/** What an audit entry touched, in staff's words: the order and its customer, the plan's name, … */
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

export interface AuditSubjectRef {
  entity: string;
  entityId: string;
}

/** The key of a subject in the answer of `describe`. */
export const subjectKey = (ref: AuditSubjectRef) => `${ref.entity}:${ref.entityId}`;

/**
 * Names the records a page of the audit log touched, in one read per kind of record (never one per
 * entry). A record deleted since is simply not in the answer: the entry keeps its id and snapshots.
 */
export abstract class AuditSubjects {
  abstract describe(refs: AuditSubjectRef[]): Promise<Map<string, AuditSubject>>;
}

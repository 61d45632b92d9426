/** What an audit entry touched, in staff's words: its body type is the API's (docs/architecture.md#contracts). */
import type { AuditSubject } from '@growth/contracts';

export type { AuditSubject };

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

import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { ChangeEvents } from '../../../platform/events/change-events';
import { Clock } from '../../../platform/time/clock';
import type { StoredDocument } from '../domain/document';
import { type DocumentInput, documentOf } from '../domain/document-form';
import { documentSnapshot } from './catalogue-audit';
import { DocumentRepository } from './document.repository.port';

/**
 * An admin saves the FAQ or a policy. The public page shows the edit at once: the 'documents'
 * change (published after the commit) empties the cache of GET /documents/:slug. Without a
 * lastUpdated, the document is dated today (UTC).
 */
@Injectable()
export class SaveDocumentUseCase {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Principal, input: DocumentInput): Promise<StoredDocument> {
    const document = documentOf(input, this.clock.now().toISOString().slice(0, 10));
    return this.uow.run(async () => {
      const before = await this.documents.findBySlug(document.slug);
      const saved = await this.documents.upsert(document);
      await this.audit.record(actor, {
        action: 'document.save',
        entity: 'document',
        entityId: saved.slug,
        before: before ? documentSnapshot(before) : null,
        after: documentSnapshot(saved),
      });
      this.changes.publish('documents');
      return saved;
    });
  }
}

import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import type { StoredDocument } from '../../domain/document';
import { DocumentRepository } from '../../application/document.repository.port';
import { DocumentOrmEntity } from './document.orm-entity';

export function toStoredDocument(row: DocumentOrmEntity): StoredDocument {
  return {
    slug: row.slug,
    title: row.title,
    lastUpdated: row.lastUpdated,
    sections: row.content.sections,
    updatedAt: row.updatedAt,
  };
}

/** TypeORM implementation; every query runs in the caller's UnitOfWork transaction when there is one. */
@Injectable()
export class TypeOrmDocumentRepository extends DocumentRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  private get rows() {
    return this.uow.repository(DocumentOrmEntity);
  }

  async findBySlug(slug: string): Promise<StoredDocument | null> {
    const row = await this.rows.findOneBy({ slug });
    return row ? toStoredDocument(row) : null;
  }

  async upsert(document: Omit<StoredDocument, 'updatedAt'>): Promise<StoredDocument> {
    await this.rows
      .createQueryBuilder()
      .insert()
      .values({
        slug: document.slug,
        title: document.title,
        lastUpdated: document.lastUpdated,
        content: { sections: document.sections },
        updatedAt: () => 'now()',
      })
      .orUpdate(['title', 'last_updated', 'content', 'updated_at'], ['slug'])
      .execute();
    return toStoredDocument(await this.rows.findOneByOrFail({ slug: document.slug }));
  }
}

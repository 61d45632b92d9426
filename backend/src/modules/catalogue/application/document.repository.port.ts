import type { StoredDocument } from '../domain/document';

/** Where the FAQ and the policy documents are kept. Joins the caller's UnitOfWork transaction. */
export abstract class DocumentRepository {
  /** The document with this slug, or null. */
  abstract findBySlug(slug: string): Promise<StoredDocument | null>;

  /**
   * Creates the document or replaces its title, date and sections (the admin editor's save).
   * Returns it as stored. Callers publish the 'documents' change (DocumentResponseCache follows it).
   */
  abstract upsert(document: Omit<StoredDocument, 'updatedAt'>): Promise<StoredDocument>;
}

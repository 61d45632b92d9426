import type { DocumentSection, DocumentSlug } from '../../../../domain/document';

/** A document as seeded on first start. */
export interface DocumentSeed {
  slug: DocumentSlug;
  title: string;
  lastUpdated: string;
  sections: DocumentSection[];
}

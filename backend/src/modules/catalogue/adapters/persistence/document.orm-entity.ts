import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { DocumentSection } from '../../domain/document';

/** The jsonb `content` column: the sections, kept as one value so a save replaces them at once. */
export interface DocumentContent {
  sections: DocumentSection[];
}

/** Table `documents` (created by migration 1763700000400-contact-requests-and-documents). */
@Entity({ name: 'documents' })
export class DocumentOrmEntity {
  @PrimaryColumn({ name: 'slug', type: 'text' })
  slug: string;

  @Column({ name: 'title', type: 'text' })
  title: string;

  /** A calendar date; TypeORM reads and writes `date` columns as 'YYYY-MM-DD' text. */
  @Column({ name: 'last_updated', type: 'date' })
  lastUpdated: string;

  @Column({ name: 'content', type: 'jsonb' })
  content: DocumentContent;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import type { StoredDocument } from '../domain/document';
import { DocumentRepository } from './document.repository.port';

/** One stored document (FAQ or a policy) by slug, for the information pages. */
@Injectable()
export class GetDocumentUseCase {
  constructor(private readonly documents: DocumentRepository) {}

  async execute(slug: string): Promise<StoredDocument> {
    const document = await this.documents.findBySlug(slug);
    if (!document) throw new AppError('not_found', 'Document not found', 'document_not_found');
    return document;
  }
}

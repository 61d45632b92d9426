import { AppError } from '../../../platform/errors/app-error';
import type { StoredDocument } from '../domain/document';
import { DocumentResponseCache } from './document-response.cache';
import { DocumentRepository } from './document.repository.port';
import { GetDocumentUseCase } from './get-document.use-case';

class InMemoryDocumentRepository extends DocumentRepository {
  readonly documents = new Map<string, StoredDocument>();

  async findBySlug(slug: string): Promise<StoredDocument | null> {
    return this.documents.get(slug) ?? null;
  }

  async upsert(document: Omit<StoredDocument, 'updatedAt'>): Promise<StoredDocument> {
    const stored = { ...document, updatedAt: new Date() };
    this.documents.set(document.slug, stored);
    return stored;
  }
}

describe('GetDocumentUseCase', () => {
  const repository = new InMemoryDocumentRepository();
  const useCase = new GetDocumentUseCase(repository);

  it('returns the stored document', async () => {
    await repository.upsert({ slug: 'faqs', title: 'FAQ', lastUpdated: '2025-09-02', sections: [] });
    await expect(useCase.execute('faqs')).resolves.toMatchObject({ slug: 'faqs', title: 'FAQ' });
  });

  it('says "Document not found" for an unknown slug', async () => {
    const error = await useCase.execute('nothing-here').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'not_found', message: 'Document not found', code: 'document_not_found' });
  });
});

describe('DocumentResponseCache.keyOf', () => {
  const cache = new DocumentResponseCache();

  it('keys document slugs by themselves', () => {
    expect(cache.keyOf('terms-of-use')).toBe('terms-of-use');
  });

  it.each(['Terms', '../etc', 'a--b', '-a', '', 'x'.repeat(65)])('gives %p no key (never cached)', (slug) => {
    expect(cache.keyOf(slug)).toBeNull();
  });
});

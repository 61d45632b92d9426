/**
 * TypeOrmDocumentRepository, TypeOrmContactRequestRepository and DocumentsSeeder on a real
 * database. Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set),
 * migrations, TypeORM. Fake: nothing.
 */
import type { DataSource } from 'typeorm';
import { changeEventsFollowing } from '../../../../../test/support/change-events';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { DocumentResponseCache } from '../../application/document-response.cache';
import { ContactRequestOrmEntity } from './contact-request.orm-entity';
import { TypeOrmContactRequestRepository } from './contact-request.repository';
import { DocumentOrmEntity } from './document.orm-entity';
import { TypeOrmDocumentRepository } from './document.repository';
import { DocumentsSeeder } from './documents.seeder';
import { DOCUMENT_SEEDS } from './seed/documents';

describe.each(testDatabaseKinds())('catalogue content repositories on %s', (kind) => {
  let dataSource: DataSource;
  let documents: TypeOrmDocumentRepository;
  let contacts: TypeOrmContactRequestRepository;

  beforeAll(async () => {
    dataSource = await createTestDataSource([DocumentOrmEntity, ContactRequestOrmEntity], kind);
    documents = new TypeOrmDocumentRepository(new UnitOfWork(dataSource));
    contacts = new TypeOrmContactRequestRepository(dataSource.getRepository(ContactRequestOrmEntity));
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  describe('DocumentsSeeder', () => {
    it('stores the six documents once, even when two instances start together', async () => {
      const cache = new DocumentResponseCache();
      const invalidate = jest.spyOn(cache, 'invalidate');
      const created = await Promise.all([
        new DocumentsSeeder(dataSource, changeEventsFollowing(dataSource, 'documents', cache)).seed(),
        new DocumentsSeeder(dataSource, changeEventsFollowing(dataSource, 'documents', cache)).seed(),
      ]);
      expect(created.sort()).toEqual([0, 6]);
      expect(invalidate).toHaveBeenCalledTimes(1);
      expect(await new DocumentsSeeder(dataSource, changeEventsFollowing(dataSource, 'documents', cache)).seed()).toBe(0);
      expect(await dataSource.getRepository(DocumentOrmEntity).count()).toBe(6);
    });

    it('reads each back as seeded, its date as YYYY-MM-DD text', async () => {
      for (const seed of DOCUMENT_SEEDS) {
        const stored = await documents.findBySlug(seed.slug);
        expect(stored).toMatchObject({ slug: seed.slug, title: seed.title, lastUpdated: '2025-09-02', sections: seed.sections });
        expect(stored!.updatedAt).toBeInstanceOf(Date);
      }
      expect(await documents.findBySlug('unknown')).toBeNull();
    });

    it('never overwrites an edited document, and restores only a missing one', async () => {
      const faqs = (await documents.findBySlug('faqs'))!;
      await documents.upsert({ ...faqs, title: 'Questions and Answers' });
      await dataSource.getRepository(DocumentOrmEntity).delete({ slug: 'cookie-policy' });
      expect(await new DocumentsSeeder(dataSource, changeEventsFollowing(dataSource, 'documents', new DocumentResponseCache())).seed()).toBe(1);
      expect((await documents.findBySlug('faqs'))!.title).toBe('Questions and Answers');
      expect((await documents.findBySlug('cookie-policy'))!.title).toBe('Cookie Policy');
    });
  });

  describe('TypeOrmDocumentRepository.upsert', () => {
    it('creates a new document', async () => {
      const saved = await documents.upsert({
        slug: 'press-kit',
        title: 'Press Kit',
        lastUpdated: '2025-10-01',
        sections: [{ id: 'logos', heading: 'Logos', paragraphs: ['Download our logos.'], items: ['SVG', 'PNG'] }],
      });
      expect(saved).toMatchObject({ slug: 'press-kit', title: 'Press Kit', lastUpdated: '2025-10-01' });
      expect(saved.sections[0].items).toEqual(['SVG', 'PNG']);
    });

    it('replaces title, date and sections of an existing one and moves updatedAt on', async () => {
      const before = (await documents.findBySlug('press-kit'))!;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const after = await documents.upsert({ slug: 'press-kit', title: 'Media Kit', lastUpdated: '2025-11-15', sections: [] });
      expect(after).toMatchObject({ title: 'Media Kit', lastUpdated: '2025-11-15', sections: [] });
      expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
      expect(await dataSource.getRepository(DocumentOrmEntity).countBy({ slug: 'press-kit' })).toBe(1);
    });

    it('refuses a slug that is not lower-case words joined by hyphens (database check)', async () => {
      await expect(documents.upsert({ slug: 'Bad Slug', title: 'x', lastUpdated: '2025-01-01', sections: [] })).rejects.toThrow(/documents_slug_check/);
    });
  });

  describe('TypeOrmContactRequestRepository', () => {
    it('records a request as unhandled, with its id and creation time', async () => {
      const started = Date.now();
      const stored = await contacts.record({
        name: 'Meera Iyer',
        email: 'meera@example.com',
        serviceType: 'growth',
        platform: 'TikTok',
        message: 'Looking to grow my dance channel.',
      });
      expect(stored).toMatchObject({ name: 'Meera Iyer', email: 'meera@example.com', serviceType: 'growth', platform: 'TikTok', handledAt: null });
      expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(stored.createdAt.getTime()).toBeGreaterThanOrEqual(started - 5_000);
      const [row] = await dataSource.query('SELECT name, service_type, handled_at FROM contact_requests WHERE id = $1', [stored.id]);
      expect(row).toEqual({ name: 'Meera Iyer', service_type: 'growth', handled_at: null });
    });

    it('refuses a service type outside the three (database check)', async () => {
      await expect(
        contacts.record({ name: 'X', email: 'x@example.com', serviceType: 'followers' as never, platform: 'YouTube', message: 'Hello there!' }),
      ).rejects.toThrow(/contact_requests_service_type_check/);
    });
  });
});

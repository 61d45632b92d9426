/**
 * TypeOrmServiceRepository and CatalogueSeeder on a real database.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), migrations,
 * TypeORM. Fake: nothing.
 */
import type { DataSource } from 'typeorm';
import { changeEventsFollowing } from '../../../../../test/support/change-events';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { ServiceListCache } from '../../application/service-list.cache';
import { catalogueQuery } from '../../domain/catalogue-page';
import { slugOf } from '../../domain/service';
import { CatalogueSeeder } from './catalogue.seeder';
import { SERVICE_SEEDS } from './seed/services.seed';
import { ServiceContentOrmEntity } from './service-content.orm-entity';
import { ServiceOrmEntity } from './service.orm-entity';
import { TypeOrmServiceRepository } from './service.repository';

const PLATFORMS = ['YouTube', 'Instagram', 'X', 'Threads', 'Telegram', 'LinkedIn', 'TikTok', 'Facebook'];

describe.each(testDatabaseKinds())('TypeOrmServiceRepository on %s', (kind) => {
  let dataSource: DataSource;
  let repository: TypeOrmServiceRepository;
  let cache: ServiceListCache;

  beforeAll(async () => {
    dataSource = await createTestDataSource([ServiceOrmEntity, ServiceContentOrmEntity], kind);
    repository = new TypeOrmServiceRepository(new UnitOfWork(dataSource));
    cache = new ServiceListCache();
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  describe('seeding', () => {
    it('fills an empty catalogue once, even when two instances start together', async () => {
      const a = new CatalogueSeeder(dataSource, changeEventsFollowing(dataSource, 'catalogue', cache));
      const b = new CatalogueSeeder(dataSource, changeEventsFollowing(dataSource, 'catalogue', cache));
      const created = await Promise.all([a.seed(), b.seed()]);
      expect(created.sort()).toEqual([0, 8]);
      expect(await new CatalogueSeeder(dataSource, changeEventsFollowing(dataSource, 'catalogue', cache)).seed()).toBe(0);
      expect(await dataSource.getRepository(ServiceOrmEntity).count()).toBe(8);
      expect(await dataSource.getRepository(ServiceContentOrmEntity).count()).toBe(32);
    });

    it('lists the eight platforms in seed order, headed so that slug(heading) is the platform slug', async () => {
      const { items, total } = await repository.pageForCatalogue(catalogueQuery({ limit: 100 }));
      expect(total).toBe(8);
      expect(items.map((s) => s.serviceHeading)).toEqual(PLATFORMS);
      expect(items.map((s) => slugOf(s.serviceHeading))).toEqual(['youtube', 'instagram', 'x', 'threads', 'telegram', 'linkedin', 'tiktok', 'facebook']);
    });

    it('gives every service a real description, four content items in order, and a PNG logo', async () => {
      const { items } = await repository.pageForCatalogue(catalogueQuery({ limit: 100 }));
      for (const [index, service] of items.entries()) {
        expect(service.serviceDescription).toBe(SERVICE_SEEDS[index].description);
        expect(service.serviceDescription).not.toMatch(/lorem/i);
        expect(service.content.map((c) => c.key)).toEqual(SERVICE_SEEDS[index].content.map((c) => c.key));
        expect(service.content.map((c) => c.position)).toEqual([0, 1, 2, 3]);
        const png = Buffer.from(service.logo ?? '', 'base64');
        expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        expect(png.readUInt32BE(16)).toBe(64); // IHDR width
      }
    });
  });

  describe('pageForCatalogue', () => {
    beforeAll(async () => {
      // 40 more services with 4 content items each, created after the seeds.
      const services = dataSource.getRepository(ServiceOrmEntity);
      const content = dataSource.getRepository(ServiceContentOrmEntity);
      const base = Date.now() + 60_000;
      for (let i = 1; i <= 40; i++) {
        const at = new Date(base + i * 1000);
        const { identifiers } = await services.insert({
          heading: `Extra ${String(i).padStart(2, '0')}`,
          slug: `extra-${String(i).padStart(2, '0')}`,
          description: i === 7 ? 'Priced at 50% off for new customers' : 'Another growth service',
          logo: null,
          createdAt: at,
          updatedAt: at,
        });
        const serviceId = identifiers[0].serviceId as string;
        // Inserted out of order, to show that position decides the order.
        await content.insert([3, 1, 0, 2].map((position) => ({ serviceId, key: `Key ${position}`, value: `Value ${position}`, position })));
      }
    });

    it('holds exactly `perPage` services per page, each with all its content items', async () => {
      const first = await repository.pageForCatalogue(catalogueQuery({ page: 1, limit: 25 }));
      expect(first.total).toBe(48);
      expect(first.items).toHaveLength(25);
      const second = await repository.pageForCatalogue(catalogueQuery({ page: 2, limit: 25 }));
      expect(second.items).toHaveLength(23);
      const all = [...first.items, ...second.items];
      expect(new Set(all.map((s) => s.serviceId)).size).toBe(48);
      for (const service of all) expect(service.content).toHaveLength(4);
      expect(all[8].content.map((c) => c.key)).toEqual(['Key 0', 'Key 1', 'Key 2', 'Key 3']);
    });

    it('returns 100 services on a page of 100 (the joined-rows `take` bug would give 25)', async () => {
      const services = dataSource.getRepository(ServiceOrmEntity);
      const base = Date.now() + 3_600_000;
      await services.insert(
        Array.from({ length: 60 }, (_, i) => ({
          heading: `Bulk ${String(i).padStart(2, '0')}`,
          slug: `bulk-${String(i).padStart(2, '0')}`,
          description: 'Bulk service',
          logo: null,
          createdAt: new Date(base + i),
          updatedAt: new Date(base + i),
        })),
      );
      const page = await repository.pageForCatalogue(catalogueQuery({ page: 1, limit: 100 }));
      expect(page.total).toBe(108);
      expect(page.items).toHaveLength(100);
      await services.createQueryBuilder().delete().where('heading LIKE :p', { p: 'Bulk %' }).execute();
    });

    it('orders by creation time, then heading', async () => {
      const services = dataSource.getRepository(ServiceOrmEntity);
      const at = new Date(Date.now() + 7_200_000);
      await services.insert([
        { heading: 'Zeta same time', slug: 'zeta-same-time', description: 'tie', logo: null, createdAt: at, updatedAt: at },
        { heading: 'Alpha same time', slug: 'alpha-same-time', description: 'tie', logo: null, createdAt: at, updatedAt: at },
      ]);
      const page = await repository.pageForCatalogue(catalogueQuery({ page: 1, limit: 2, search: 'same time' }));
      expect(page.items.map((s) => s.serviceHeading)).toEqual(['Alpha same time', 'Zeta same time']);
      await services.delete({ description: 'tie' });
    });

    it('searches heading and description case-insensitively', async () => {
      const byHeading = await repository.pageForCatalogue(catalogueQuery({ search: 'tIkToK' }));
      expect(byHeading.items.map((s) => s.serviceHeading)).toEqual(['TikTok']);
      const byDescription = await repository.pageForCatalogue(catalogueQuery({ search: 'PROFESSIONAL BRAND' }));
      expect(byDescription.items.map((s) => s.serviceHeading)).toEqual(['LinkedIn']);
      const none = await repository.pageForCatalogue(catalogueQuery({ search: 'spotify' }));
      expect(none).toEqual({ items: [], total: 0 });
    });

    it('treats LIKE wildcards in the search as plain text', async () => {
      const percent = await repository.pageForCatalogue(catalogueQuery({ search: '50%' }));
      expect(percent.items.map((s) => s.serviceHeading)).toEqual(['Extra 07']);
      const underscore = await repository.pageForCatalogue(catalogueQuery({ search: 'Extra_0' }));
      expect(underscore.total).toBe(0);
    });

    it('counts every match but returns nothing past the last page', async () => {
      const page = await repository.pageForCatalogue(catalogueQuery({ page: 99, limit: 10 }));
      expect(page).toEqual({ items: [], total: 48 });
    });
  });
});

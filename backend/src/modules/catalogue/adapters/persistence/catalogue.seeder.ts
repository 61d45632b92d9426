import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeEvents } from '../../../../platform/events/change-events';
import { ServiceContentOrmEntity } from './service-content.orm-entity';
import { slugOf } from '../../domain/service';
import { ServiceOrmEntity } from './service.orm-entity';
import { SERVICE_SEEDS } from './seed/services.seed';
import { underSeedLock } from '../../../../platform/database/seed-lock';

/**
 * Fills an empty catalogue with the eight platform services (docs/architecture.md#seed-data).
 *
 * Runs on application bootstrap, i.e. after TypeORM has run the migrations (the DataSource is
 * initialised, with `migrationsRun`, before any bootstrap hook), so it needs nothing from the
 * platform beyond the DataSource. Safe when several instances start at once: inside one
 * transaction it takes an advisory lock, and only the first instance to get it finds the table
 * empty; the unique index on lower(heading) is the backstop. A catalogue that already holds
 * services (even one an admin emptied and refilled) is never touched.
 */
@Injectable()
export class CatalogueSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(CatalogueSeeder.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: ChangeEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const created = await this.seed();
    if (created > 0) this.logger.log(`Seeded ${created} catalogue services`);
  }

  /** Inserts the seed services when the catalogue is empty; returns how many were created. */
  async seed(): Promise<number> {
    const created = await underSeedLock(this.dataSource, 'catalogue', async (manager) => {
      const services = manager.getRepository(ServiceOrmEntity);
      if (await services.exists()) return 0;

      // Creation times one millisecond apart keep the seed order as the catalogue order.
      const base = Date.now();
      for (const [index, seed] of SERVICE_SEEDS.entries()) {
        const at = new Date(base + index);
        const result = await services.insert({
          heading: seed.heading,
          slug: slugOf(seed.heading),
          description: seed.description,
          logo: seed.logo,
          createdAt: at,
          updatedAt: at,
        });
        const serviceId = result.identifiers[0].serviceId as string;
        await manager.getRepository(ServiceContentOrmEntity).insert(seed.content.map((item, position) => ({ serviceId, key: item.key, value: item.value, position })));
      }
      return SERVICE_SEEDS.length;
    });
    if (created > 0) this.changes.publish('catalogue');
    return created;
  }
}

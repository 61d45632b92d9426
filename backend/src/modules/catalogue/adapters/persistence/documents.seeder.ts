import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeEvents } from '../../../../platform/events/change-events';
import { DocumentOrmEntity } from './document.orm-entity';
import { DOCUMENT_SEEDS } from './seed/documents';
import { underSeedLock } from '../../../../platform/database/seed-lock';

/**
 * Stores the FAQ and policy documents (docs/architecture.md#seed-data) that are missing, on application bootstrap
 * (after the migrations ran).
 *
 * Per document, not per table: a document that exists is never touched, so an admin's edits
 * survive every restart, and a document added to the seeds later is still created on the next
 * start. Safe when several instances start at once: the advisory lock serialises them and
 * `ON CONFLICT DO NOTHING` on the slug is the backstop.
 */
@Injectable()
export class DocumentsSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(DocumentsSeeder.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: ChangeEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const created = await this.seed();
    if (created > 0) this.logger.log(`Seeded ${created} documents`);
  }

  /** Inserts the seed documents whose slug is not stored yet; returns how many were created. */
  async seed(): Promise<number> {
    const created = await underSeedLock(this.dataSource, 'documents', async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .insert()
        .into(DocumentOrmEntity)
        .values(
          DOCUMENT_SEEDS.map((seed) => ({
            slug: seed.slug,
            title: seed.title,
            lastUpdated: seed.lastUpdated,
            content: { sections: seed.sections },
          })),
        )
        .orIgnore()
        .returning(['slug'])
        .execute();
      return (result.raw as unknown[]).length;
    });
    if (created > 0) this.changes.publish('documents');
    return created;
  }
}

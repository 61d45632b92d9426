import { Injectable } from '@nestjs/common';
import { In, QueryFailedError } from 'typeorm';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { AppError } from '../../../../platform/errors/app-error';
import type { CatalogueQuery } from '../../domain/catalogue-page';
import type { Service } from '../../domain/service';
import type { ServiceForm } from '../../domain/service-form';
import { ServiceRepository } from '../../application/service.repository.port';
import { ServiceContentOrmEntity } from './service-content.orm-entity';
import { ServiceOrmEntity } from './service.orm-entity';
import { toService } from './service.mapper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * TypeORM implementation of the service repository. Every query runs in the caller's UnitOfWork
 * transaction when there is one.
 *
 * The page is cut on the services table alone, and content items are loaded for that page's ids
 * in a second query: with a joined relation, TypeORM's `take` counts joined rows (typeorm issue
 * 11583) and a page of 100 services came back with 25.
 */
@Injectable()
export class TypeOrmServiceRepository extends ServiceRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  private get services() {
    return this.uow.repository(ServiceOrmEntity);
  }

  private get content() {
    return this.uow.repository(ServiceContentOrmEntity);
  }

  async pageForCatalogue(query: CatalogueQuery): Promise<{ items: Service[]; total: number }> {
    const qb = this.services
      .createQueryBuilder('s')
      .orderBy('s.createdAt', 'ASC')
      .addOrderBy('s.heading', 'ASC')
      .addOrderBy('s.serviceId', 'ASC')
      .offset((query.page - 1) * query.perPage)
      .limit(query.perPage);
    if (query.search) {
      qb.where('(s.heading ILIKE :pattern OR s.description ILIKE :pattern)', {
        pattern: `%${escapeLike(query.search)}%`,
      });
    }
    const [rows, total] = await qb.getManyAndCount();
    if (rows.length === 0) return { items: [], total };

    const items = await this.content.find({
      where: { serviceId: In(rows.map((row) => row.serviceId)) },
      order: { position: 'ASC' },
    });
    const byService = new Map<string, ServiceContentOrmEntity[]>();
    for (const item of items) {
      const list = byService.get(item.serviceId);
      if (list) list.push(item);
      else byService.set(item.serviceId, [item]);
    }
    return { items: rows.map((row) => toService(row, byService.get(row.serviceId) ?? [])), total };
  }

  async findById(serviceId: string): Promise<Service | null> {
    if (!UUID.test(serviceId)) return null;
    const row = await this.services.findOneBy({ serviceId });
    return row ? this.withContent(row) : null;
  }

  async findForChange(serviceId: string): Promise<Service | null> {
    if (!UUID.test(serviceId)) return null;
    const row = await this.services
      .createQueryBuilder('s')
      .where('s.serviceId = :serviceId', { serviceId })
      .setLock('pessimistic_write')
      .getOne();
    return row ? this.withContent(row) : null;
  }

  async create(form: ServiceForm, logo: string | null): Promise<Service> {
    const serviceId = await headingUnique(async () => {
      const result = await this.services.insert({ heading: form.heading, description: form.description, logo });
      return result.identifiers[0].serviceId as string;
    });
    await this.content.insert(form.content.map((item, position) => ({ serviceId, key: item.key, value: item.value, position })));
    return (await this.findById(serviceId)) as Service;
  }

  async saveChanges(serviceId: string, form: ServiceForm, logo?: string): Promise<Service | null> {
    if (!UUID.test(serviceId)) return null;
    const changes = { heading: form.heading, description: form.description, ...(logo === undefined ? {} : { logo }), updatedAt: () => 'now()' };
    const { affected } = await headingUnique(() => this.services.update({ serviceId }, changes));
    if (!affected) return null;

    const existing = new Set((await this.content.find({ where: { serviceId }, select: { contentId: true } })).map((row) => row.contentId));
    const kept = new Set<string>();
    for (const item of form.content) {
      if (!item.contentId) continue;
      if (!existing.has(item.contentId)) throw new AppError('not_found', 'Content item not found', 'content_not_found');
      kept.add(item.contentId);
    }
    const removed = [...existing].filter((contentId) => !kept.has(contentId));
    if (removed.length > 0) await this.content.delete({ serviceId, contentId: In(removed) });
    for (const [position, item] of form.content.entries()) {
      if (item.contentId) await this.content.update({ serviceId, contentId: item.contentId }, { key: item.key, value: item.value, position });
      else await this.content.insert({ serviceId, key: item.key, value: item.value, position });
    }
    return this.findById(serviceId);
  }

  async delete(serviceId: string): Promise<boolean> {
    if (!UUID.test(serviceId)) return false;
    const { affected } = await this.services.delete({ serviceId });
    return Boolean(affected);
  }

  async deleteContentItem(serviceId: string, contentId: string): Promise<boolean> {
    if (!UUID.test(serviceId) || !UUID.test(contentId)) return false;
    const { affected } = await this.content.delete({ serviceId, contentId });
    return Boolean(affected);
  }

  private async withContent(row: ServiceOrmEntity): Promise<Service> {
    const items = await this.content.find({ where: { serviceId: row.serviceId }, order: { position: 'ASC' } });
    return toService(row, items);
  }
}

/** Runs a write that sets a heading; the unique index on lower(heading) makes a taken one a 409. */
async function headingUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505') {
      throw new AppError('conflict', 'A service with this heading exists already.', 'service_heading_taken');
    }
    throw error;
  }
}

/** Escape LIKE wildcards so a search for "50%" matches the text "50%", not "50 anything". */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

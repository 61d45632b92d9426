import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { In, QueryFailedError } from 'typeorm';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { AppError } from '../../../../platform/errors/app-error';
import type { CatalogueQuery } from '../../domain/catalogue-page';
import { contentItemNotFound } from '../../domain/catalogue.errors';
import { addressOf, type Service } from '../../domain/service';
import type { ServiceForm } from '../../domain/service-form';
import type { OnSaleFilter } from '../../application/pricing-addresses';
import { ServiceRepository } from '../../application/service.repository.port';
import { ServiceContentOrmEntity } from './service-content.orm-entity';
import { ServiceOrmEntity } from './service.orm-entity';
import { ServiceSlugOrmEntity } from './service-slug.orm-entity';
import { toService } from './service.mapper';
import { isUuid } from '../../../../kernel/uuid';

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

  private get formerSlugs() {
    return this.uow.repository(ServiceSlugOrmEntity);
  }

  async pageForCatalogue(query: CatalogueQuery, onSale?: OnSaleFilter): Promise<{ items: Service[]; total: number }> {
    if (onSale && onSale.planIds.length === 0 && onSale.slugs.length === 0) return { items: [], total: 0 };
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
    if (onSale) {
      // ANY of an array: one parameter however many plans, and an empty list matches nothing.
      qb.andWhere('(s.planId = ANY(:planIds::uuid[]) OR (s.planId IS NULL AND s.slug = ANY(:slugs::text[])))', { planIds: onSale.planIds, slugs: onSale.slugs });
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

  async findByAddress(slug: string): Promise<{ serviceId: string; slug: string; planId: string | null; serviceHeading: string; logo: string | null } | null> {
    const key = slug.trim().toLowerCase();
    if (!key) return null;
    let row = await this.services.findOne({ where: { slug: key }, select: { serviceId: true, slug: true, planId: true, heading: true, logo: true } });
    if (!row) {
      const former = await this.formerSlugs.findOneBy({ slug: key });
      if (former)
        row = await this.services.findOne({ where: { serviceId: former.serviceId }, select: { serviceId: true, slug: true, planId: true, heading: true, logo: true } });
    }
    return row ? { serviceId: row.serviceId, slug: row.slug, planId: row.planId, serviceHeading: row.heading, logo: row.logo } : null;
  }

  async findById(serviceId: string): Promise<Service | null> {
    if (!isUuid(serviceId)) return null;
    const row = await this.services.findOneBy({ serviceId });
    return row ? this.withContent(row) : null;
  }

  async findForChange(serviceId: string): Promise<Service | null> {
    if (!isUuid(serviceId)) return null;
    const row = await this.services.createQueryBuilder('s').where('s.serviceId = :serviceId', { serviceId }).setLock('pessimistic_write').getOne();
    return row ? this.withContent(row) : null;
  }

  async create(form: ServiceForm, logo: string | null, planId: string | null): Promise<Service> {
    const serviceId = randomUUID();
    const slug = addressOf(form.heading, serviceId);
    await headingUnique(() => this.services.insert({ serviceId, heading: form.heading, slug, planId, description: form.description, logo }));
    // A former address of another service now leads here (it is this service's own address).
    await this.formerSlugs.delete({ slug });
    await this.content.insert(form.content.map((item, position) => ({ serviceId, key: item.key, value: item.value, position })));
    return (await this.findById(serviceId)) as Service;
  }

  async saveChanges(serviceId: string, form: ServiceForm, planId: string | null, logo?: string): Promise<Service | null> {
    if (!isUuid(serviceId)) return null;
    const current = await this.services.findOne({ where: { serviceId }, select: { serviceId: true, slug: true } });
    if (!current) return null;
    const slug = addressOf(form.heading, serviceId);
    const changes = { heading: form.heading, slug, planId, description: form.description, ...(logo === undefined ? {} : { logo }), updatedAt: () => 'now()' };
    const { affected } = await headingUnique(() => this.services.update({ serviceId }, changes));
    if (!affected) return null;
    if (slug !== current.slug) {
      // The old address keeps leading here (docs/catalogue.md, "Addresses"); the new one is nobody's former address any more.
      await this.formerSlugs.delete({ slug });
      await this.formerSlugs.upsert({ slug: current.slug, serviceId, retiredAt: new Date() }, ['slug']);
    }

    const existing = new Set((await this.content.find({ where: { serviceId }, select: { contentId: true } })).map((row) => row.contentId));
    const kept = new Set<string>();
    for (const item of form.content) {
      if (!item.contentId) continue;
      if (!existing.has(item.contentId)) throw contentItemNotFound();
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
    if (!isUuid(serviceId)) return false;
    const { affected } = await this.services.delete({ serviceId });
    return Boolean(affected);
  }

  async deleteContentItem(serviceId: string, contentId: string): Promise<boolean> {
    if (!isUuid(serviceId) || !isUuid(contentId)) return false;
    const { affected } = await this.content.delete({ serviceId, contentId });
    return Boolean(affected);
  }

  private async withContent(row: ServiceOrmEntity): Promise<Service> {
    const items = await this.content.find({ where: { serviceId: row.serviceId }, order: { position: 'ASC' } });
    return toService(row, items);
  }
}

/**
 * Runs a write that sets a heading; the unique indexes on lower(heading) and on slug make a taken
 * one a 409 ('YouTube!' and 'YouTube?' differ as headings but share the address /services/youtube).
 */
async function headingUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const driverError = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string; message?: string }) : null;
    if (driverError?.code === '23505') {
      if (`${driverError.constraint ?? ''} ${driverError.message ?? ''}`.includes('services_slug_key')) {
        throw new AppError('conflict', 'Another service has this address already: choose a heading that differs in its letters or digits.', 'service_slug_taken');
      }
      throw new AppError('conflict', 'A service with this heading exists already.', 'service_heading_taken');
    }
    throw error;
  }
}

/** Escape LIKE wildcards so a search for "50%" matches the text "50%", not "50 anything". */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

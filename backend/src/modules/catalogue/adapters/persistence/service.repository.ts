import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { CatalogueQuery } from '../../domain/catalogue-page';
import type { Service } from '../../domain/service';
import { ServiceRepository } from '../../application/service.repository.port';
import { ServiceContentOrmEntity } from './service-content.orm-entity';
import { ServiceOrmEntity } from './service.orm-entity';
import { toService } from './service.mapper';

/**
 * TypeORM implementation of the service repository.
 *
 * The page is cut on the services table alone, and content items are loaded for that page's ids
 * in a second query: with a joined relation, TypeORM's `take` counts joined rows (typeorm issue
 * 11583) and a page of 100 services came back with 25.
 */
@Injectable()
export class TypeOrmServiceRepository extends ServiceRepository {
  constructor(
    @InjectRepository(ServiceOrmEntity) private readonly services: Repository<ServiceOrmEntity>,
    @InjectRepository(ServiceContentOrmEntity) private readonly content: Repository<ServiceContentOrmEntity>,
  ) {
    super();
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
}

/** Escape LIKE wildcards so a search for "50%" matches the text "50%", not "50 anything". */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

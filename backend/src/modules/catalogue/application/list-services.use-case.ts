import { Injectable } from '@nestjs/common';
import { CatalogueQuery, Page, pageMeta } from '../domain/catalogue-page';
import type { Service } from '../domain/service';
import { ServiceRepository } from './service.repository.port';

/**
 * The public catalogue list: one page of services with their content items.
 * Takes a normalised query (see `catalogueQuery`: defaults, the 100-per-page cap, trimmed search),
 * the same value the HTTP adapter uses as its cache key.
 */
@Injectable()
export class ListServicesUseCase {
  constructor(private readonly services: ServiceRepository) {}

  async execute(query: CatalogueQuery): Promise<Page<Service>> {
    const { items, total } = await this.services.pageForCatalogue(query);
    return { items, meta: pageMeta(total, query.page, query.perPage) };
  }
}

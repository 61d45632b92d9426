import { Injectable } from '@nestjs/common';
import { CatalogueQuery, Page, pageMeta } from '../domain/catalogue-page';
import type { Service } from '../domain/service';
import { type Listing, listingOf, onSaleFilter, PricingAddresses, sellingPlan } from './pricing-addresses';
import { ServiceRepository } from './service.repository.port';

/** A listed service with the lowest price of the plan that sells it (its cards say "from $14.99"). */
export type ListedService = Service & { fromPrice: { price: string; currency: string } | null };

/**
 * The public catalogue list: one page of the services that can be bought, with their content items.
 * A service is listed only when the plan that sells it is on sale (Active, at least one tier): a
 * service without one would lead to a pricing page with nothing to buy (docs/catalogue.md,
 * "Listing rule"). Takes a normalised query (see `catalogueQuery`: defaults, the 100-per-page cap,
 * trimmed search), the same value the HTTP adapter uses as its cache key.
 */
@Injectable()
export class ListServicesUseCase {
  constructor(
    private readonly services: ServiceRepository,
    private readonly addresses: PricingAddresses,
  ) {}

  async execute(query: CatalogueQuery): Promise<Page<ListedService>> {
    const addresses = await this.addresses.get();
    const { items, total } = await this.services.pageForCatalogue(query, onSaleFilter(addresses));
    return {
      items: items.map((service) => ({ ...service, fromPrice: sellingPlan(addresses, service)?.fromPrice ?? null })),
      meta: pageMeta(total, query.page, query.perPage),
    };
  }
}

/** A service as the admin's list shows it: with whether it is listed, what is missing when not, and its plan. */
export interface ServiceListing {
  service: Service;
  listing: Listing;
}

/** The admin's list: every service, listed or not, with what a hidden one is missing. */
@Injectable()
export class ListServicesForAdminUseCase {
  constructor(
    private readonly services: ServiceRepository,
    private readonly addresses: PricingAddresses,
  ) {}

  async execute(query: CatalogueQuery): Promise<Page<ServiceListing>> {
    const [addresses, { items, total }] = await Promise.all([this.addresses.get(), this.services.pageForCatalogue(query)]);
    return {
      items: items.map((service) => ({ service, listing: listingOf(addresses, service) })),
      meta: pageMeta(total, query.page, query.perPage),
    };
  }
}

import type { AdminService, ApiSuccess, MetaPagedAnswer, Service as ServiceBody, ServiceListing as ListingBody } from '@growth/contracts';
import type { Page } from '../../domain/catalogue-page';
import type { Service } from '../../domain/service';
import type { ListedService, ServiceListing } from '../../application/list-services.use-case';
import type { Listing } from '../../application/pricing-addresses';

/** One service as every response shows it, built from an explicit list of fields (docs/architecture.md#api-contract). */
export function serviceBody(service: Service): ServiceBody {
  return {
    serviceId: service.serviceId,
    serviceHeading: service.serviceHeading,
    serviceDescription: service.serviceDescription,
    logo: service.logo,
    serviceContent: service.content.map((item) => ({ contentId: item.contentId, key: item.key, value: item.value })),
  };
}

/** Response of GET /services/getAll. */
export function serviceListBody(page: Page<ListedService>): ApiSuccess<MetaPagedAnswer<ServiceBody>> {
  return {
    success: true as const,
    data: page.items.map((service) => ({
      ...serviceBody(service),
      fromPrice: service.fromPrice ? { price: service.fromPrice.price, currency: service.fromPrice.currency } : null,
    })),
    meta: { total: page.meta.total, page: page.meta.page, perPage: page.meta.perPage, lastPage: page.meta.lastPage },
  };
}

/** A service with its address and listing, as the admin's list and the create answer show it. */
export function adminServiceBody({ service, listing }: ServiceListing): AdminService {
  return { ...serviceBody(service), slug: service.slug, listing: listingBody(listing) };
}

function listingBody(listing: Listing): ListingBody {
  return { listed: listing.listed, reason: listing.reason, message: listing.message, planId: listing.planId };
}

/** Response of POST /services/listForAdmin. */
export function serviceListingBody(page: Page<ServiceListing>): ApiSuccess<MetaPagedAnswer<AdminService>> {
  return {
    success: true as const,
    data: page.items.map(adminServiceBody),
    meta: { total: page.meta.total, page: page.meta.page, perPage: page.meta.perPage, lastPage: page.meta.lastPage },
  };
}

import type { Page } from '../../domain/catalogue-page';
import type { Service } from '../../domain/service';

/** One service as every response shows it, built from an explicit list of fields (docs/architecture.md#api-contract). */
export function serviceBody(service: Service) {
  return {
    serviceId: service.serviceId,
    serviceHeading: service.serviceHeading,
    serviceDescription: service.serviceDescription,
    logo: service.logo,
    serviceContent: service.content.map((item) => ({ contentId: item.contentId, key: item.key, value: item.value })),
  };
}

/** Response of GET /services/getAll. */
export function serviceListBody(page: Page<Service>) {
  return {
    success: true as const,
    data: page.items.map(serviceBody),
    meta: { total: page.meta.total, page: page.meta.page, perPage: page.meta.perPage, lastPage: page.meta.lastPage },
  };
}

import type { Page } from '../../domain/catalogue-page';
import type { Service } from '../../domain/service';

/** Response of GET /services/getAll, built from an explicit list of fields (DESIGN §3). */
export function serviceListBody(page: Page<Service>) {
  return {
    success: true as const,
    data: page.items.map((service) => ({
      serviceId: service.serviceId,
      serviceHeading: service.serviceHeading,
      serviceDescription: service.serviceDescription,
      logo: service.logo,
      serviceContent: service.content.map((item) => ({ contentId: item.contentId, key: item.key, value: item.value })),
    })),
    meta: { total: page.meta.total, page: page.meta.page, perPage: page.meta.perPage, lastPage: page.meta.lastPage },
  };
}

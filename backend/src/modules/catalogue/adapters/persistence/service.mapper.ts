import type { Service } from '../../domain/service';
import type { ServiceContentOrmEntity } from './service-content.orm-entity';
import type { ServiceOrmEntity } from './service.orm-entity';

export function toService(row: ServiceOrmEntity, content: ServiceContentOrmEntity[]): Service {
  return {
    serviceId: row.serviceId,
    serviceHeading: row.heading,
    slug: row.slug,
    planId: row.planId,
    serviceDescription: row.description,
    logo: row.logo,
    content: content.map((item) => ({ contentId: item.contentId, key: item.key, value: item.value, position: item.position })).sort((a, b) => a.position - b.position),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

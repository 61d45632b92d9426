import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { ChangeEvents } from '../../../platform/events/change-events';
import { contentItemNotFound, serviceNotFound } from '../domain/catalogue.errors';
import type { Service } from '../domain/service';
import { CONTENT_ITEM_REQUIRED } from '../domain/service-form';
import { ServiceRepository } from './service.repository.port';

/**
 * An admin removes one content item of a service. A service keeps at least one item (docs/product.md#validation), so
 * removing the last one is a conflict; the service's row is locked meanwhile, so two removals at
 * once cannot empty it either.
 */
@Injectable()
export class DeleteServiceContentUseCase {
  constructor(
    private readonly services: ServiceRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
  ) {}

  async execute(actor: Principal, serviceId: string, contentId: string): Promise<Service> {
    return this.uow.run(async () => {
      const current = await this.services.findForChange(serviceId);
      if (!current) throw serviceNotFound();
      const item = current.content.find((candidate) => candidate.contentId === contentId);
      if (!item) throw contentItemNotFound();
      if (current.content.length === 1) throw new AppError('conflict', CONTENT_ITEM_REQUIRED, 'last_content_item');
      await this.services.deleteContentItem(serviceId, contentId);
      await this.audit.record(actor, {
        action: 'service.content.delete',
        entity: 'service',
        entityId: serviceId,
        before: { contentId, key: item.key, value: item.value },
      });
      this.changes.publish('catalogue');
      const after = await this.services.findById(serviceId);
      if (!after) throw serviceNotFound();
      return after;
    });
  }
}

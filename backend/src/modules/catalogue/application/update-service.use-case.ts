import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { ChangeEvents } from '../../../platform/events/change-events';
import { serviceNotFound } from '../domain/catalogue.errors';
import { storedLogoOf } from '../domain/logo-image';
import type { Service } from '../domain/service';
import { type ServiceFormInput, serviceFormOf } from '../domain/service-form';
import { serviceSnapshot } from './catalogue-audit';
import { ServiceRepository } from './service.repository.port';

/**
 * An admin edits a service: heading, description, the content list (the list sent replaces the
 * list: items with a contentId are kept and updated, new ones created, missing ones removed) and,
 * when a new file is sent, the logo. Without a file the stored logo stays.
 */
@Injectable()
export class UpdateServiceUseCase {
  constructor(
    private readonly services: ServiceRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
  ) {}

  async execute(actor: Principal, serviceId: string, input: ServiceFormInput, logo?: Uint8Array): Promise<Service> {
    const form = serviceFormOf(input);
    const storedLogo = logo ? storedLogoOf(logo) : undefined;
    return this.uow.run(async () => {
      const before = await this.services.findForChange(serviceId);
      if (!before) throw serviceNotFound();
      const after = await this.services.saveChanges(serviceId, form, storedLogo);
      if (!after) throw serviceNotFound();
      await this.audit.record(actor, {
        action: 'service.update',
        entity: 'service',
        entityId: serviceId,
        before: serviceSnapshot(before),
        after: serviceSnapshot(after),
      });
      this.changes.publish('catalogue');
      return after;
    });
  }
}

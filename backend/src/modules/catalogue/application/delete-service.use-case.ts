import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { ChangeEvents } from '../../../platform/events/change-events';
import { serviceNotFound } from '../domain/catalogue.errors';
import { serviceSnapshot } from './catalogue-audit';
import { ServiceRepository } from './service.repository.port';

/** An admin removes a service and its content items from the catalogue. */
@Injectable()
export class DeleteServiceUseCase {
  constructor(
    private readonly services: ServiceRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
  ) {}

  async execute(actor: Principal, serviceId: string): Promise<void> {
    await this.uow.run(async () => {
      const before = await this.services.findForChange(serviceId);
      if (!before || !(await this.services.delete(serviceId))) throw serviceNotFound();
      await this.audit.record(actor, { action: 'service.delete', entity: 'service', entityId: serviceId, before: serviceSnapshot(before) });
      this.changes.publish('catalogue');
    });
  }
}

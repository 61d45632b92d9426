import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { ChangeEvents } from '../../../platform/events/change-events';
import { storedLogoOf } from '../domain/logo-image';
import type { Service } from '../domain/service';
import { type ServiceFormInput, serviceFormOf } from '../domain/service-form';
import { serviceSnapshot } from './catalogue-audit';
import { ServiceRepository } from './service.repository.port';

/** An admin adds a service to the catalogue, with an optional logo (the uploaded file's bytes). */
@Injectable()
export class CreateServiceUseCase {
  constructor(
    private readonly services: ServiceRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
  ) {}

  async execute(actor: Principal, input: ServiceFormInput, logo?: Uint8Array): Promise<Service> {
    const form = serviceFormOf(input);
    const storedLogo = logo ? storedLogoOf(logo) : null;
    return this.uow.run(async () => {
      const service = await this.services.create(form, storedLogo);
      await this.audit.record(actor, { action: 'service.create', entity: 'service', entityId: service.serviceId, after: serviceSnapshot(service) });
      this.changes.publish('catalogue');
      return service;
    });
  }
}

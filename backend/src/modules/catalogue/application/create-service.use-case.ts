import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { ChangeEvents } from '../../../platform/events/change-events';
import { storedLogoOf } from '../domain/logo-image';
import { slugOf } from '../domain/service';
import { type ServiceFormInput, serviceFormOf } from '../domain/service-form';
import { serviceSnapshot } from './catalogue-audit';
import type { ServiceListing } from './list-services.use-case';
import { listingOf, planAfterSave, PricingAddresses } from './pricing-addresses';
import { ServiceRepository } from './service.repository.port';

/**
 * An admin adds a service to the catalogue, with an optional logo (the uploaded file's bytes). It is
 * sold by the plan sent (`planId`), else by the plan found at its address, if any (docs/catalogue.md,
 * "Listing rule"). Answers with its listing too: the admin's form offers to create its plan next,
 * or to edit the one that sells it.
 */
@Injectable()
export class CreateServiceUseCase {
  constructor(
    private readonly services: ServiceRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
    private readonly addresses: PricingAddresses,
  ) {}

  async execute(actor: Principal, input: ServiceFormInput, logo?: Uint8Array, planId?: string | null): Promise<ServiceListing> {
    const form = serviceFormOf(input);
    const storedLogo = logo ? storedLogoOf(logo) : null;
    const addresses = await this.addresses.get();
    // A heading with no letter or digit gets an address of its id, where no plan answers.
    const plan = planAfterSave(addresses, null, slugOf(form.heading), planId);
    return this.uow.run(async () => {
      const service = await this.services.create(form, storedLogo, plan);
      await this.audit.record(actor, { action: 'service.create', entity: 'service', entityId: service.serviceId, after: serviceSnapshot(service) });
      this.changes.publish('catalogue');
      return { service, listing: listingOf(addresses, service) };
    });
  }
}

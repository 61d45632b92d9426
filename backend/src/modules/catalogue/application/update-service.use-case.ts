import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { ChangeEvents } from '../../../platform/events/change-events';
import { serviceNotFound, serviceWouldLeaveCatalogue } from '../domain/catalogue.errors';
import { storedLogoOf } from '../domain/logo-image';
import { addressOf, type Service } from '../domain/service';
import { type ServiceFormInput, serviceFormOf } from '../domain/service-form';
import { serviceSnapshot } from './catalogue-audit';
import { listingOf, notListedReason, planAfterSave, PricingAddresses } from './pricing-addresses';
import { ServiceRepository } from './service.repository.port';

/**
 * An admin edits a service: heading, description, the content list (the list sent replaces the
 * list: items with a contentId are kept and updated, new ones created, missing ones removed) and,
 * when a new file is sent, the logo. Without a file the stored logo stays. The plan that sells it
 * stays unless another is sent (`planId`), so a new heading keeps the service on sale; a save that
 * would take a listed service out of the catalogue is refused (409) unless `confirmOffSale`
 * (docs/catalogue.md, "Listing rule").
 */
@Injectable()
export class UpdateServiceUseCase {
  constructor(
    private readonly services: ServiceRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly changes: ChangeEvents,
    private readonly addresses: PricingAddresses,
  ) {}

  async execute(actor: Principal, serviceId: string, input: ServiceFormInput, logo?: Uint8Array, sale: SaleChoice = {}): Promise<Service> {
    const form = serviceFormOf(input);
    const storedLogo = logo ? storedLogoOf(logo) : undefined;
    const addresses = await this.addresses.get();
    return this.uow.run(async () => {
      const before = await this.services.findForChange(serviceId);
      if (!before) throw serviceNotFound();
      const slugAfter = addressOf(form.heading, serviceId);
      const planId = planAfterSave(addresses, before, slugAfter, sale.planId);
      const listingAfter = listingOf(addresses, { planId, slug: slugAfter });
      if (listingAfter.message && notListedReason(addresses, before) === null && !sale.confirmOffSale) throw serviceWouldLeaveCatalogue(listingAfter.message);
      const saved = await this.services.saveChanges(serviceId, form, planId, storedLogo);
      if (!saved) throw serviceNotFound();
      await this.audit.record(actor, {
        action: 'service.update',
        entity: 'service',
        entityId: serviceId,
        before: serviceSnapshot(before),
        after: serviceSnapshot(saved),
      });
      this.changes.publish('catalogue');
      return saved;
    });
  }
}

/** What an edit says about the plan that sells the service. */
export interface SaleChoice {
  /** The plan that sells it from now on (null: none); absent: it keeps the one it has. */
  planId?: string | null;
  /** Save even when the service leaves the public catalogue by it. */
  confirmOffSale?: boolean;
}

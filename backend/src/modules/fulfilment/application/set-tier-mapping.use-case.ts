import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { tierNotFound } from '../domain/fulfilment.errors';
import { ChangeEvents } from '../../../platform/events/change-events';
import { Clock } from '../../../platform/time/clock';
import { MAX_REFILL_DAYS } from '../domain/refill';
import { askProvider, panelOff } from './provider-calls';
import { ProviderPanel } from './provider-panel.port';
import { type TierMapping, TierMappingRepository } from './tier-mapping.repository.port';

export const QUANTITY_REQUIRED_MESSAGE = 'Quantity is required with a service';

export interface MappingChange {
  pricingId: string;
  /** The provider's service id; null removes the mapping (the tier goes back to manual). */
  serviceId: string | null;
  /** Required with a serviceId. */
  quantity?: number;
  /** The refill guarantee in days (0 or absent: none); only for a service the provider refills (docs/refill.md). */
  refillDays?: number;
}

export const REFILL_DAYS_MESSAGE = `refillDays must be a whole number of days from 0 to ${MAX_REFILL_DAYS}`;

const snapshot = (m: TierMapping | null) => (m ? { serviceId: m.serviceId, serviceName: m.serviceName, quantity: m.quantity, refillDays: m.refillDays } : null);

/**
 * POST /admin/fulfilment/mapping: maps a pricing tier to a provider service and a quantity, checked
 * against the provider's own services list (the service exists, the quantity is within its min and
 * max), or removes the mapping. Audited ('fulfilment.mapping', before and after) in the write's
 * transaction; a change that changes nothing records nothing. Orders already queued keep the
 * service, quantity and refill guarantee they were queued with. A refill guarantee (refillDays) needs
 * a service the provider marks `refill`; a change publishes 'plans' (the pricing pages show it).
 */
@Injectable()
export class SetTierMappingUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly panel: ProviderPanel,
    private readonly mappings: TierMappingRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: ChangeEvents,
  ) {}

  async execute(caller: Principal, change: MappingChange): Promise<TierMapping | null> {
    if (change.serviceId === null) return this.remove(caller, change.pricingId);
    if (!this.panel.enabled) throw panelOff();
    if (!(await this.mappings.tierExists(change.pricingId))) throw tierNotFound();
    if (change.quantity === undefined) throw new AppError('invalid', QUANTITY_REQUIRED_MESSAGE, 'invalid_quantity');
    const refillDays = change.refillDays ?? 0;
    if (!Number.isSafeInteger(refillDays) || refillDays < 0 || refillDays > MAX_REFILL_DAYS) throw new AppError('invalid', REFILL_DAYS_MESSAGE, 'invalid_refill_days');

    const services = await askProvider(() => this.panel.services());
    const service = services.find((s) => s.service === change.serviceId);
    if (!service) throw new AppError('invalid', `Unknown provider service ${change.serviceId}`, 'unknown_service');
    if (change.quantity < service.min || change.quantity > service.max) {
      throw new AppError('invalid', `Quantity must be between ${service.min} and ${service.max} for this service`, 'invalid_quantity');
    }
    if (refillDays > 0 && !service.refill) {
      throw new AppError(
        'invalid',
        `The provider does not refill service ${service.service} (${service.name || 'no name'}): a refill guarantee needs a service marked refill. Set refillDays to 0 or choose another service.`,
        'service_without_refill',
      );
    }

    const mapping: TierMapping = {
      pricingId: change.pricingId,
      serviceId: service.service,
      serviceName: service.name,
      quantity: change.quantity,
      refillDays,
      updatedAt: this.clock.now(),
    };
    return this.uow.run(async () => {
      const before = await this.mappings.findByTier(change.pricingId);
      if (
        before &&
        before.serviceId === mapping.serviceId &&
        before.serviceName === mapping.serviceName &&
        before.quantity === mapping.quantity &&
        before.refillDays === mapping.refillDays
      ) {
        return before;
      }
      if (!(await this.mappings.save(mapping))) throw tierNotFound();
      await this.audit.record(caller, {
        action: 'fulfilment.mapping',
        entity: 'pricing_tier',
        entityId: change.pricingId,
        before: snapshot(before),
        after: snapshot(mapping),
      });
      // The pricing pages show the guarantee: their cached answers follow (after the commit).
      this.events.publish('plans');
      return mapping;
    });
  }

  private remove(caller: Principal, pricingId: string): Promise<null> {
    return this.uow.run(async () => {
      const removed = await this.mappings.remove(pricingId);
      if (!removed) {
        if (!(await this.mappings.tierExists(pricingId))) throw tierNotFound();
        return null; // was manual already: nothing changed, nothing recorded
      }
      await this.audit.record(caller, { action: 'fulfilment.mapping', entity: 'pricing_tier', entityId: pricingId, before: snapshot(removed), after: null });
      if (removed.refillDays > 0) this.events.publish('plans');
      return null;
    });
  }
}

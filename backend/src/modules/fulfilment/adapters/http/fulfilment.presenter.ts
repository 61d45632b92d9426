import type { ProviderService as ProviderServiceBody, TierMapping as TierMappingBody } from '@growth/contracts';
import type { ProviderService } from '../../application/provider-panel.port';
import type { TierMapping } from '../../application/tier-mapping.repository.port';

/** A tier's mapping as the admin API shows it (explicit fields). */
export function mappingBody(m: TierMapping): TierMappingBody {
  return { pricingId: m.pricingId, serviceId: m.serviceId, serviceName: m.serviceName, quantity: m.quantity, refillDays: m.refillDays };
}

/** One provider service as the plan editor lists it (explicit fields). */
export function serviceBody(s: ProviderService): ProviderServiceBody {
  return {
    service: s.service,
    name: s.name,
    type: s.type,
    category: s.category,
    rate: s.rate,
    min: s.min,
    max: s.max,
    refill: s.refill,
    cancel: s.cancel,
  };
}

import type { ProviderService, TierMapping } from '../fulfilment/fulfilmentTypes';

const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString('en-US') : String(n ?? '—'));

/** '#101 Instagram Followers · 0.90 per 1000 · 10–100,000' (the rate is per 1000 units, as API v2 has it). */
export function serviceOptionText(service: ProviderService): string {
  return `#${service.service} ${service.name || 'Unnamed service'} · ${service.rate ?? '—'} per 1000 · ${count(service.min)}–${count(service.max)}`;
}

/** The services by category, in the provider's order (categories in order of first appearance). */
export function servicesByCategory(services: ProviderService[]): { category: string; services: ProviderService[] }[] {
  const groups = new Map<string, ProviderService[]>();
  for (const service of services) {
    const category = service.category?.trim() || 'Other';
    groups.set(category, [...(groups.get(category) ?? []), service]);
  }
  return [...groups].map(([category, list]) => ({ category, services: list }));
}

export const QUANTITY_REQUIRED = 'Enter the quantity as a whole number.';

/** The server's words for a quantity out of the service's range. */
export const quantityOutOfRange = (service: Pick<ProviderService, 'min' | 'max'>) =>
  `Quantity must be between ${service.min} and ${service.max} for this service`;

/**
 * The quantity's mistake for the chosen service, or null: a whole number above 0, and within the
 * service's min and max when the list knows the service (else the server checks it).
 */
export function quantityError(text: string, service: ProviderService | undefined): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed) || Number(trimmed) < 1) return QUANTITY_REQUIRED;
  const quantity = Number(trimmed);
  if (service && Number.isFinite(service.min) && Number.isFinite(service.max) && (quantity < service.min || quantity > service.max)) {
    return quantityOutOfRange(service);
  }
  return null;
}

/** 'Instagram Followers (#101) × 1,000', or 'Manual (staff complete it)' without a mapping. */
export function mappingText(mapping: TierMapping | null | undefined): string {
  if (!mapping) return 'Manual (staff complete it)';
  return `${mapping.serviceName || 'Service'} (#${mapping.serviceId}) × ${count(mapping.quantity)}`;
}

import type { ProviderService, TierMapping } from '@growth/kit';

export const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString('en-US') : String(n ?? '—'));

/** '#101 Instagram Followers · 0.90 per 1000 · 10–100,000' (the rate is per 1000 units, as API v2 has it). */
export function serviceOptionText(service: ProviderService): string {
  return `#${service.service} ${service.name || 'Unnamed service'} · ${service.rate ?? '—'} per 1000 · ${count(service.min)}–${count(service.max)}`;
}

/**
 * The chosen service in full under the select, with what the option leaves out:
 * 'YouTube Views · 1.50 per 1000 · 100–1,000,000 · no refill · cancellable'.
 */
export function serviceDetailText(service: ProviderService): string {
  const flags = [service.refill ? 'refill' : 'no refill', service.cancel ? 'cancellable' : 'not cancellable'];
  return [service.name || 'Unnamed service', `${service.rate ?? '—'} per 1000`, `${count(service.min)}–${count(service.max)}`, ...flags].join(' · ');
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

/** The server's words for a quantity out of the service's range (its numbers grouped, as the hint has them). */
export const quantityOutOfRange = (service: Pick<ProviderService, 'min' | 'max'>) =>
  `Quantity must be between ${count(service.min)} and ${count(service.max)} for this service`;

/**
 * What the provider charges for one order of `quantity` at `rate` per 1000, as exact decimal text
 * ('1.4375' × 5000 → '7.1875'); null when the rate is not a plain decimal or the quantity not a
 * whole number above 0. Never through a float: rates like 0.27819 stay exact.
 */
export function chargePerOrder(rate: unknown, quantity: string): string | null {
  const rateText = typeof rate === 'number' && Number.isFinite(rate) ? String(rate) : rate;
  const match = typeof rateText === 'string' ? /^(\d+)(?:\.(\d+))?$/.exec(rateText.trim()) : null;
  const amount = quantity.trim();
  if (!match || !/^\d{1,9}$/.test(amount) || Number(amount) < 1) return null;
  const fraction = match[2] ?? '';
  const scale = fraction.length + 3; // per 1000
  const digits = (BigInt(match[1] + fraction) * BigInt(amount)).toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

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

/** The longest refill guarantee a tier may carry, in days (docs/refill.md). */
export const REFILL_DAYS_MAX = 365;

export const REFILL_DAYS_INVALID = `Enter the refill guarantee as a whole number of days from 0 to ${REFILL_DAYS_MAX} (0: none).`;

/** The refill days typed, or null when they are not a whole number from 0 to 365 ('' counts as 0). */
export function refillDaysOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days <= REFILL_DAYS_MAX ? days : null;
}

/** A guarantee's days as read from the server: a whole number from 1 to 365, else 0 (none). */
export function savedRefillDays(mapping: Pick<TierMapping, 'refillDays'> | null | undefined): number {
  const days = mapping?.refillDays;
  return typeof days === 'number' && Number.isSafeInteger(days) && days > 0 && days <= REFILL_DAYS_MAX ? days : 0;
}

/**
 * 'Instagram Followers (#101) × 1,000', with ' · 30-day refill guarantee' when the tier carries one,
 * or 'Manual (staff complete it)' without a mapping.
 */
export function mappingText(mapping: TierMapping | null | undefined): string {
  if (!mapping) return 'Manual (staff complete it)';
  const days = savedRefillDays(mapping);
  return `${mapping.serviceName || 'Service'} (#${mapping.serviceId}) × ${count(mapping.quantity)}${days ? ` · ${days}-day refill guarantee` : ''}`;
}

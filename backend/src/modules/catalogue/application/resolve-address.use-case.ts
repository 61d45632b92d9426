import { Injectable } from '@nestjs/common';
import { PricingAddresses } from './pricing-addresses';
import { ServiceRepository } from './service.repository.port';

/** What is at /services/{slug} (docs/catalogue.md, "Addresses"). */
export type AddressAnswer =
  /** A plan answers there (on sale or not: its page says which). */
  | { kind: 'page'; slug: string; name: string }
  /** A service had this address before a rename; its page is now at `slug`. */
  | { kind: 'moved'; slug: string; serviceId: string }
  /** Nothing: no plan, and no service with a plan ever had it. */
  | { kind: 'missing' };

const MAX_SLUG_LENGTH = 100;

/**
 * The pricing page address `slug` read the way the pricing page reads it (lower case): a page, a
 * former address of a renamed service, or nothing. Used for the status of the page load itself
 * (200, 301, 404) and by GET /api/services/address/{slug}, from which the page learns the new
 * address of an old one.
 */
@Injectable()
export class ResolveAddressUseCase {
  constructor(
    private readonly services: ServiceRepository,
    private readonly addresses: PricingAddresses,
  ) {}

  async execute(rawSlug: string): Promise<AddressAnswer> {
    const slug = rawSlug.trim().toLowerCase();
    if (!slug || slug.length > MAX_SLUG_LENGTH) return { kind: 'missing' };
    const addresses = await this.addresses.get();
    const plan = addresses.get(slug);
    if (plan) return { kind: 'page', slug, name: plan.name };
    const service = await this.services.findByAddress(slug);
    if (service && service.slug !== slug && addresses.has(service.slug)) return { kind: 'moved', slug: service.slug, serviceId: service.serviceId };
    return { kind: 'missing' };
  }
}

import { Injectable } from '@nestjs/common';
import { PricingAddresses, sellingPlan } from './pricing-addresses';
import { ServiceRepository } from './service.repository.port';

/** The service shown at an address: its heading and logo (the pricing page shows the logo the catalogue shows). */
export interface ServiceAtAddress {
  serviceHeading: string;
  logo: string | null;
}

/** What is at /services/{slug} (docs/catalogue.md, "Addresses"). */
export type AddressAnswer =
  /**
   * A plan answers there (on sale or not: its page says which), at its own address or as the plan
   * that sells the service with this address; `planSlug`: where the plan's packages are read
   * (GET /api/plans/{planSlug}); `service` when a service has this address.
   */
  | { kind: 'page'; slug: string; name: string; planSlug: string; service?: ServiceAtAddress | null }
  /** A service had this address before a rename; its page is now at `slug`. */
  | { kind: 'moved'; slug: string; serviceId: string }
  /** Nothing: no plan, and no service with a plan ever had it. */
  | { kind: 'missing' };

const MAX_SLUG_LENGTH = 100;

/**
 * The pricing page address `slug` read the way the pricing page reads it (lower case): a page (a
 * plan's own address, or a service's address, showing the plan that sells it), a former address of
 * a renamed service, or nothing. Used for the status of the page load itself
 * (200, 301, 404) and by GET /api/services/address/{slug}, from which the page learns the new
 * address of an old one.
 */
@Injectable()
export class ResolveAddressUseCase {
  constructor(
    private readonly services: ServiceRepository,
    private readonly addresses: PricingAddresses,
  ) {}

  /** As execute, with the service at a page's address (one more read; the HTTP call wants it, the page status does not). */
  async withService(rawSlug: string): Promise<AddressAnswer> {
    const answer = await this.execute(rawSlug);
    if (answer.kind !== 'page') return answer;
    const service = await this.services.findByAddress(answer.slug);
    return { ...answer, service: service && service.slug === answer.slug ? { serviceHeading: service.serviceHeading, logo: service.logo } : null };
  }

  async execute(rawSlug: string): Promise<AddressAnswer> {
    const slug = rawSlug.trim().toLowerCase();
    if (!slug || slug.length > MAX_SLUG_LENGTH) return { kind: 'missing' };
    const addresses = await this.addresses.get();
    const plan = addresses.get(slug);
    if (plan) return { kind: 'page', slug, name: plan.name, planSlug: plan.slug };
    const service = await this.services.findByAddress(slug);
    const selling = service && sellingPlan(addresses, service);
    if (!service || !selling) return { kind: 'missing' };
    // The service's own address shows the plan that sells it; a former one leads to the current one.
    if (service.slug === slug) return { kind: 'page', slug, name: selling.name, planSlug: selling.slug };
    return { kind: 'moved', slug: service.slug, serviceId: service.serviceId };
  }
}

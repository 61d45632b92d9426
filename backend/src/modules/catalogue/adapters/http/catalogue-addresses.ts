import { Injectable } from '@nestjs/common';
import { PageAddresses, type PageAnswer } from '../../../../platform/frontends/page-addresses';
import { ResolveAddressUseCase } from '../../application/resolve-address.use-case';
import { PricingAddresses } from '../../application/pricing-addresses';

const PRICING_ROUTE = '/services/:platform';

/**
 * The status of a pricing page load (docs/catalogue.md, "Addresses"): 200 where a plan answers,
 * 301 from the former address of a renamed service to its new one, 404 anywhere else
 * (/services/myspace).
 */
@Injectable()
export class CatalogueAddresses extends PageAddresses {
  constructor(
    private readonly resolve: ResolveAddressUseCase,
    private readonly pricing: PricingAddresses,
  ) {
    super();
  }

  /** Every plan's own address (a plan's pricing page), for the sitemap. */
  override async values(route: string): Promise<string[]> {
    if (route !== PRICING_ROUTE) return [];
    const addresses = await this.pricing.get();
    return [...new Set([...addresses.values()].map((plan) => plan.slug))].sort();
  }

  async answer(route: string, params: Record<string, string>): Promise<PageAnswer> {
    if (route !== PRICING_ROUTE) return { status: 200 };
    const answer = await this.resolve.execute(params.platform ?? '');
    if (answer.kind === 'page') return { status: 200, name: answer.name };
    if (answer.kind === 'moved') return { status: 301, location: `/services/${encodeURIComponent(answer.slug)}` };
    return { status: 404 };
  }
}

import { Injectable } from '@nestjs/common';
import { PageAddresses, type PageAnswer } from '../../../../platform/frontends/page-addresses';
import { ResolveAddressUseCase } from '../../application/resolve-address.use-case';

const PRICING_ROUTE = '/services/:platform';

/**
 * The status of a pricing page load (docs/catalogue.md, "Addresses"): 200 where a plan answers,
 * 301 from the former address of a renamed service to its new one, 404 anywhere else
 * (/services/myspace).
 */
@Injectable()
export class CatalogueAddresses extends PageAddresses {
  constructor(private readonly resolve: ResolveAddressUseCase) {
    super();
  }

  async answer(route: string, params: Record<string, string>): Promise<PageAnswer> {
    if (route !== PRICING_ROUTE) return { status: 200 };
    const answer = await this.resolve.execute(params.platform ?? '');
    if (answer.kind === 'page') return { status: 200, name: answer.name };
    if (answer.kind === 'moved') return { status: 301, location: `/services/${encodeURIComponent(answer.slug)}` };
    return { status: 404 };
  }
}

import type { ApiSuccess, ServiceAddressAnswer } from '@growth/contracts';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ListServicesUseCase } from '../../application/list-services.use-case';
import { ResolveAddressUseCase } from '../../application/resolve-address.use-case';
import { AppError } from '../../../../platform/errors/app-error';
import { ServiceAddressRequest } from './service-address.request';
import { ServiceListCache } from '../../application/service-list.cache';
import { catalogueQuery } from '../../domain/catalogue-page';
import { sendCachedJson } from '../../../../platform/http/cached-json';
import { ListServicesRequest } from './list-services.request';
import { serviceListBody } from './service.presenter';

@ApiTags('services')
@Controller('services')
export class ServicesController {
  constructor(
    private readonly listServices: ListServicesUseCase,
    private readonly cache: ServiceListCache,
    private readonly resolveAddress: ResolveAddressUseCase,
  ) {}

  /**
   * What is at the pricing page address /services/{slug} (docs/catalogue.md, "Addresses"): the page
   * itself (`moved: false`), or, for the address a service had before a rename, its new slug
   * (`moved: true`), which the pricing page replaces the address with. Nothing there: 404.
   */
  @Get('address/:slug')
  @ApiOkResponse({
    description:
      '{ success: true, slug, moved: boolean, service: { serviceHeading, logo } | null, planSlug? } (service: the one at a page address, for its logo; planSlug: on a page whose plan is read at another address, GET /api/plans/{planSlug})',
  })
  @ApiNotFoundResponse({ description: '{ success: false, message: "Page not found", error: "address_not_found" }' })
  async address(@Param() request: ServiceAddressRequest): Promise<ApiSuccess<ServiceAddressAnswer>> {
    const answer = await this.resolveAddress.withService(request.slug);
    if (answer.kind === 'missing') throw new AppError('not_found', 'Page not found', 'address_not_found');
    const service = answer.kind === 'page' && answer.service ? { serviceHeading: answer.service.serviceHeading, logo: answer.service.logo } : null;
    return {
      success: true as const,
      slug: answer.slug,
      moved: answer.kind === 'moved',
      service,
      ...(answer.kind === 'page' && answer.planSlug !== answer.slug ? { planSlug: answer.planSlug } : {}),
    };
  }

  /**
   * The public catalogue. Answers from the cache of serialised responses (see ServiceListCache);
   * on a miss the page is loaded, serialised once and cached. Writes the bytes itself (@Res), so
   * nothing re-serialises or re-hashes them per request.
   */
  @Get('getAll')
  @ApiOkResponse({ description: '{ success: true, data: Service[], meta: { total, page, perPage, lastPage } }' })
  async getAll(@Query() request: ListServicesRequest, @Req() req: Request, @Res() res: Response): Promise<void> {
    const query = catalogueQuery(request);
    const cached = await this.cache.getList(query, async () => Buffer.from(JSON.stringify(serviceListBody(await this.listServices.execute(query)))));
    sendCachedJson(req, res, cached);
  }
}

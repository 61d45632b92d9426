import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ListServicesUseCase } from '../../application/list-services.use-case';
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
  ) {}

  /**
   * The public catalogue. Answers from the cache of serialised responses (see ServiceListCache);
   * on a miss the page is loaded, serialised once and cached. Writes the bytes itself (@Res), so
   * nothing re-serialises or re-hashes them per request.
   */
  @Get('getAll')
  @ApiOkResponse({ description: '{ success: true, data: Service[], meta: { total, page, perPage, lastPage } }' })
  async getAll(@Query() request: ListServicesRequest, @Req() req: Request, @Res() res: Response): Promise<void> {
    const query = catalogueQuery(request);
    const cached = await this.cache.getList(query, async () =>
      Buffer.from(JSON.stringify(serviceListBody(await this.listServices.execute(query)))),
    );
    sendCachedJson(req, res, cached);
  }
}

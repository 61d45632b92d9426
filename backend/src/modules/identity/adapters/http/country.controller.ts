import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ResponseCache } from '../../../../platform/cache/response-cache';
import { sendCachedJson } from '../../../../platform/http/cached-json';
import { ListCountriesUseCase } from '../../application/list-countries.use-case';
import { countriesBody } from './identity.presenter';

/** The serialised country list: it changes only with a deployment, so it is built once per hour at most. */
export class CountryListCache extends ResponseCache {}
/** The list's one key in its cache (the controller and the fast lane share it). */
export const COUNTRY_LIST_KEY = 'all';

@ApiTags('country')
@Controller('country')
export class CountryController {
  constructor(
    private readonly listCountries: ListCountriesUseCase,
    private readonly cache: CountryListCache,
  ) {}

  /** Every country; the United States first (docs/product.md#data-shapes: first in the calling-code list), then by name. */
  @Get('getall')
  @ApiOkResponse({ description: '{ success: true, data: [{ _id, flag, countryName, countryCode, callingCode }] }' })
  async getAll(@Req() req: Request, @Res() res: Response): Promise<void> {
    const cached = await this.cache.getOrLoad(COUNTRY_LIST_KEY, async () => Buffer.from(JSON.stringify(countriesBody(await this.listCountries.execute()))));
    sendCachedJson(req, res, cached);
  }
}

import { Injectable, type OnModuleInit } from '@nestjs/common';
import { FastLane } from '../../../../platform/http/fast-lane';
import { API_PREFIX } from '../../../../platform/http/configure-app';
import { COUNTRY_LIST_KEY, CountryListCache } from './country.controller';

const ROUTE = `/${API_PREFIX}/country/getall`;

/**
 * Puts GET /api/country/getall in the platform's fast lane: once the list is in the CountryListCache
 * a plain request (no query string) is answered from there before Express and Nest (see FastLane for
 * why: the sign-up and profile forms ask for it, 32 KB, the same bytes for everyone). Anything else
 * goes to CountryController, which loads the list and fills the cache.
 */
@Injectable()
export class CountryFastPath implements OnModuleInit {
  constructor(
    private readonly fastLane: FastLane,
    private readonly cache: CountryListCache,
  ) {}

  onModuleInit(): void {
    this.fastLane.register({ path: ROUTE, keyOf: (url) => (url === ROUTE ? COUNTRY_LIST_KEY : null), peek: (key) => this.cache.peek(key) });
  }
}

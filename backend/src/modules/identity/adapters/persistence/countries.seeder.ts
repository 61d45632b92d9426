import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { flagOf } from '../../domain/country';
import { CountryOrmEntity } from './country.orm-entity';
import { COUNTRY_SEEDS } from './seed/countries.seed';
import { underSeedLock } from '../../../../platform/database/seed-lock';

/**
 * Fills the country list on an empty table (docs/architecture.md#seed-data). Safe when several instances start at once:
 * the advisory lock lets one seed; the unique code is the backstop.
 */
@Injectable()
export class CountriesSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(CountriesSeeder.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onApplicationBootstrap(): Promise<void> {
    const created = await this.seed();
    if (created > 0) this.logger.log(`Seeded ${created} countries`);
  }

  async seed(): Promise<number> {
    return underSeedLock(this.dataSource, 'countries', async (manager) => {
      const countries = manager.getRepository(CountryOrmEntity);
      if (await countries.exists()) return 0;
      await countries.insert(COUNTRY_SEEDS.map(([code, name, callingCode]) => ({ code, name, callingCode, flag: flagOf(code) })));
      return COUNTRY_SEEDS.length;
    });
  }
}

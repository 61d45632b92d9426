import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { flagOf } from '../../domain/country';
import { CountryOrmEntity } from './country.orm-entity';
import { COUNTRY_SEEDS } from './seed/countries.seed';

/** Key of the transaction-level advisory lock that serialises seeding across app instances. */
const COUNTRIES_SEED_LOCK = 7_430_010;

/**
 * Fills the country list on an empty table (DESIGN §5). Safe when several instances start at once:
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
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [COUNTRIES_SEED_LOCK]);
      const countries = manager.getRepository(CountryOrmEntity);
      if (await countries.exists()) return 0;
      await countries.insert(COUNTRY_SEEDS.map(([code, name, callingCode]) => ({ code, name, callingCode, flag: flagOf(code) })));
      return COUNTRY_SEEDS.length;
    });
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CountryRepository } from '../../application/country.repository.port';
import { type Country, FIRST_COUNTRY_CODE } from '../../domain/country';
import { CountryOrmEntity } from './country.orm-entity';
import { toCountry } from './identity.mapper';
import { isUuid } from '../../../../kernel/uuid';

const names = new Intl.Collator('en', { sensitivity: 'base' });

function byListOrder(a: Country, b: Country): number {
  if ((a.code === FIRST_COUNTRY_CODE) !== (b.code === FIRST_COUNTRY_CODE)) return a.code === FIRST_COUNTRY_CODE ? -1 : 1;
  return names.compare(a.name, b.name) || a.code.localeCompare(b.code);
}

/** TypeORM implementation of the country list. */
@Injectable()
export class TypeOrmCountryRepository extends CountryRepository {
  constructor(@InjectRepository(CountryOrmEntity) private readonly countries: Repository<CountryOrmEntity>) {
    super();
  }

  async listAll(): Promise<Country[]> {
    // Sorted here, not by the database: the server's collation would put 'Åland Islands' after 'Zimbabwe'.
    const rows = await this.countries.find();
    return rows.map(toCountry).sort(byListOrder);
  }

  async findById(countryId: string): Promise<Country | null> {
    if (!isUuid(countryId)) return null;
    const row = await this.countries.findOneBy({ countryId });
    return row ? toCountry(row) : null;
  }
}

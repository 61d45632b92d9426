import { Injectable } from '@nestjs/common';
import type { Country } from '../domain/country';
import { CountryRepository } from './country.repository.port';

/** The country and calling-code lists of the register form: US first, then by name. */
@Injectable()
export class ListCountriesUseCase {
  constructor(private readonly countries: CountryRepository) {}

  execute(): Promise<Country[]> {
    return this.countries.listAll();
  }
}

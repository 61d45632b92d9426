import type { Country } from '../domain/country';

/** The country list (seeded; read-only at run time). */
export abstract class CountryRepository {
  /** Every country, the first-listed country (US) first, then by name. */
  abstract listAll(): Promise<Country[]>;
  /** Null for an unknown id, including one that is not a valid id at all. */
  abstract findById(countryId: string): Promise<Country | null>;
}

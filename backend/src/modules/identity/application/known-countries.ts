import { unknownCountry } from '../domain/identity.errors';
import type { CountryRepository } from './country.repository.port';

/** Refuses a country or calling code that is not in the country list; an empty one is left alone (sign-up and Edit Profile). */
export async function assertKnownCountries(countries: CountryRepository, chosen: { countryId?: string | null; callingId?: string | null }): Promise<void> {
  for (const field of ['countryId', 'callingId'] as const) {
    const id = chosen[field];
    if (id && !(await countries.findById(id))) throw unknownCountry(field);
  }
}

import { useEffect, useState } from 'react';
import { api, type Country } from '@growth/kit';

let cached: Promise<Country[] | null> | null = null;

function isCountry(value: unknown): value is Country {
  const c = value as Country;
  return !!c && typeof c === 'object' && typeof c._id === 'string' && typeof c.countryName === 'string';
}

/**
 * GET /country/getall once per page load; null when it failed (logged; the next form asks again).
 * Sign-up only logs a failure (docs/product.md#error-texts): the form still works.
 */
function loadCountries(): Promise<Country[] | null> {
  cached ??= api
    .get<{ data?: unknown }>('/country/getall')
    .then((body) =>
      (Array.isArray(body.data) ? body.data : []).filter(isCountry).map((c) => ({
        ...c,
        flag: c.flag ?? '',
        countryCode: c.countryCode ?? '',
        callingCode: String(c.callingCode ?? ''),
      })),
    )
    .catch((error: unknown) => {
      console.error('Could not load the country list:', error);
      cached = null; // try again next time
      return null;
    });
  return cached;
}

export interface CountryList {
  countries: Country[];
  /** 'failed': the list could not be loaded (the countries stay empty). */
  status: 'loading' | 'ready' | 'failed';
}

/** The shop's countries and whether they came; for a form that tells the customer when they did not. */
export function useCountryList(): CountryList {
  const [list, setList] = useState<CountryList>({ countries: [], status: 'loading' });
  useEffect(() => {
    let live = true;
    void loadCountries().then((countries) => live && setList(countries ? { countries, status: 'ready' } : { countries: [], status: 'failed' }));
    return () => {
      live = false;
    };
  }, []);
  return list;
}

/** The shop's countries; empty while loading and when the list could not be loaded. */
export function useCountries(): Country[] {
  return useCountryList().countries;
}

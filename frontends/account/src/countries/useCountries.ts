import { useEffect, useState } from 'react';
import { api, type Country } from '@growth/kit';

let cached: Promise<Country[]> | null = null;

function isCountry(value: unknown): value is Country {
  const c = value as Country;
  return !!c && typeof c === 'object' && typeof c._id === 'string' && typeof c.countryName === 'string';
}

/** GET /country/getall once per page load. A failure is logged only (docs/product.md#error-texts): the form still works. */
function loadCountries(): Promise<Country[]> {
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
      return [];
    });
  return cached;
}

export function useCountries(): Country[] {
  const [countries, setCountries] = useState<Country[]>([]);
  useEffect(() => {
    let live = true;
    void loadCountries().then((list) => live && setCountries(list));
    return () => {
      live = false;
    };
  }, []);
  return countries;
}

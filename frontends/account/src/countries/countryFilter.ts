import type { Country } from '@growth/kit';

/** The calling code without '+' and spaces, e.g. '+44' → '44', '1-684' stays '1-684'. */
export function bareCallingCode(code: string): string {
  return code.replace(/^\s*\+/, '').replace(/\s+/g, '');
}

/** '+44' for display. */
export function displayCallingCode(code: string): string {
  const bare = bareCallingCode(code);
  return bare ? `+${bare}` : '';
}

/**
 * docs/product.md#validation: searchable, case-insensitive on country name, country code or calling code, a leading
 * '+' ignored. Names match anywhere; codes match from their start ('44' finds +44, not +1-441).
 */
export function countryMatches(country: Country, query: string): boolean {
  const q = query.trim().toLowerCase().replace(/^\+/, '').trim();
  if (!q) return true;
  return (
    country.countryName.toLowerCase().includes(q) || country.countryCode.toLowerCase().startsWith(q) || bareCallingCode(country.callingCode).toLowerCase().startsWith(q)
  );
}

/** The calling-code list: the US entry first (docs/product.md#data-shapes), the rest in the server's order. */
export function usFirst(countries: Country[]): Country[] {
  const us = countries.filter((c) => c.countryCode.toUpperCase() === 'US');
  return us.length ? [...us, ...countries.filter((c) => c.countryCode.toUpperCase() !== 'US')] : countries;
}

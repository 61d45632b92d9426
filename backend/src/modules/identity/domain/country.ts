export interface Country {
  countryId: string;
  /** ISO 3166-1 alpha-2, upper case ('US'). */
  code: string;
  name: string;
  /** E.164 country calling code with its plus sign ('+1', '+91'). */
  callingCode: string;
  /** Emoji flag, made of the two regional indicator symbols of the code. */
  flag: string;
}

/** 'US' → 🇺🇸 */
export function flagOf(code: string): string {
  return [...code.toUpperCase()].map((letter) => String.fromCodePoint(0x1f1e6 + letter.charCodeAt(0) - 65)).join('');
}

/** The code listed first (docs/product.md#data-shapes: the US entry is first in the calling-code list). */
export const FIRST_COUNTRY_CODE = 'US';

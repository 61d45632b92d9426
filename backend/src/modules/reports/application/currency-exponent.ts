import { UnsupportedCurrencyError, minorUnitExponent } from '../../../kernel/money';

/** The decimals of a currency from billing's table, or null for a code the gateway does not take. */
export function exponentOf(currency: string): number | null {
  try {
    return minorUnitExponent(currency);
  } catch (error) {
    if (error instanceof UnsupportedCurrencyError) return null;
    throw error;
  }
}

/**
 * Money as the gateway wants it: whole minor units (cents). A tier's price is decimal text
 * ("19.99"); it is parsed as text, never through floating point, so "19.99" is exactly 1999.
 */

/** Currencies without minor units (ISO 4217 exponent 0) among those a payment provider takes. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF', 'PYG', 'RWF']);
/** Razorpay's ceiling for one order, in minor units; nothing we sell comes near it. */
export const MAX_ORDER_AMOUNT = 99_999_999_99;

export class InvalidPriceError extends Error {
  constructor(readonly price: string) {
    super(`"${price}" is not a price`);
    this.name = 'InvalidPriceError';
  }
}

export function minorUnitExponent(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

/**
 * The amount of a price text in minor units: "19.99" → 1999, "19.9" → 1990, "$1,299.00" → 129900,
 * "USD 5" → 500. Accepts an optional currency sign or code before the number and thousands
 * separators in groups of three; refuses anything else (negative, zero, exponent, more decimals
 * than the currency has, several numbers) with InvalidPriceError.
 */
export function minorUnitsOf(price: string, currency = 'USD'): number {
  const exponent = minorUnitExponent(currency);
  const text = price.trim().replace(/^(?:[A-Z]{3}\s*|[A-Z]{0,2}[$€£₹¥]\s*)/i, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new InvalidPriceError(price);
  const whole = match[1].replace(/,/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) throw new InvalidPriceError(price);
  const amount = Number(whole + fraction.padEnd(exponent, '0'));
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_ORDER_AMOUNT) throw new InvalidPriceError(price);
  return amount;
}

/** 1999 USD → "19.99" (for mails and logs; the browser formats with Intl itself). */
export function formatMinorUnits(amount: number, currency: string): string {
  const exponent = minorUnitExponent(currency);
  if (exponent === 0) return String(amount);
  const text = String(amount).padStart(exponent + 1, '0');
  return `${text.slice(0, -exponent)}.${text.slice(-exponent)}`;
}

/**
 * An amount typed by staff as plain decimal text in `currency` ("7.85", "10", "0.5") in minor units;
 * null when it is not plain decimal text, has more decimals than the currency, or is not above 0.
 */
export function amountInMinorUnits(text: string, currency: string): number | null {
  if (!/^\d{1,12}(\.\d{1,3})?$/.test(text.trim())) return null;
  try {
    return minorUnitsOf(text.trim(), currency);
  } catch (error) {
    if (error instanceof InvalidPriceError) return null;
    throw error;
  }
}

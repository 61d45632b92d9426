/**
 * Money as the gateway wants it: whole minor units of the currency (cents, fils, yen). A tier's price
 * is decimal text ("19.99"); it is parsed as text, never through floating point, so "19.99" is
 * exactly 1999 cents, or 19990 fils in KWD (three decimals).
 *
 * MINOR_UNIT_EXPONENTS is the one table of how many decimals a currency has: everything that turns
 * an amount into minor units or back (orders, refunds, mails, the admin's and the customer's
 * screens) reads it, on the server through these functions and in the browser through the
 * exponent the API sends with an amount (`GET /api/runtime-config` `currencies`, `order.exponent`).
 */
import { Decimal } from './decimal';

/**
 * The currencies the payment gateway takes, each with its ISO 4217 minor-unit exponent: Razorpay's
 * list of supported currencies (the sandbox plays Razorpay and takes the same). Anything else (a
 * made-up code such as ZZZ, metals such as XAU, funds codes, withdrawn codes) is not a currency a
 * customer can be charged in. Razorpay states the exponent of each; it agrees with ISO 4217 for
 * every code here. Browsers' Intl (CLDR data) disagrees for twelve of them, so no code path may ask
 * Intl how many decimals an amount has: IQD 3 where Intl says 0, and ALL, COP, HUF, IDR, LAK, MGA,
 * MMK, PKR, SLL, SOS and YER 2 where Intl says 0 (money.spec.ts holds the list).
 */
// Ten codes a row, in alphabetical order, so a code is found by eye; Prettier leaves the layout be.
// prettier-ignore
export const MINOR_UNIT_EXPONENTS: Readonly<Record<string, 0 | 2 | 3>> = Object.freeze({
  AED: 2, ALL: 2, AMD: 2, AUD: 2, AWG: 2, AZN: 2, BAM: 2, BBD: 2, BDT: 2, BGN: 2,
  BHD: 3, BIF: 0, BMD: 2, BND: 2, BOB: 2, BRL: 2, BSD: 2, BTN: 2, BWP: 2, BZD: 2,
  CAD: 2, CHF: 2, CLP: 0, CNY: 2, COP: 2, CRC: 2, CUP: 2, CVE: 2, CZK: 2, DJF: 0,
  DKK: 2, DOP: 2, DZD: 2, EGP: 2, ETB: 2, EUR: 2, FJD: 2, GBP: 2, GHS: 2, GIP: 2,
  GMD: 2, GNF: 0, GTQ: 2, GYD: 2, HKD: 2, HNL: 2, HRK: 2, HTG: 2, HUF: 2, IDR: 2,
  ILS: 2, INR: 2, IQD: 3, ISK: 0, JMD: 2, JOD: 3, JPY: 0, KES: 2, KGS: 2, KHR: 2,
  KMF: 0, KRW: 0, KWD: 3, KYD: 2, KZT: 2, LAK: 2, LKR: 2, LRD: 2, LSL: 2, MAD: 2,
  MDL: 2, MGA: 2, MKD: 2, MMK: 2, MNT: 2, MOP: 2, MUR: 2, MVR: 2, MWK: 2, MXN: 2,
  MYR: 2, MZN: 2, NAD: 2, NGN: 2, NIO: 2, NOK: 2, NPR: 2, NZD: 2, OMR: 3, PEN: 2,
  PGK: 2, PHP: 2, PKR: 2, PLN: 2, PYG: 0, QAR: 2, RON: 2, RSD: 2, RUB: 2, RWF: 0,
  SAR: 2, SCR: 2, SEK: 2, SGD: 2, SLL: 2, SOS: 2, SVC: 2, SZL: 2, THB: 2, TND: 3,
  TRY: 2, TTD: 2, TWD: 2, TZS: 2, UAH: 2, UGX: 0, USD: 2, UYU: 2, UZS: 2, VND: 0,
  VUV: 0, XAF: 0, XCD: 2, XOF: 0, XPF: 0, YER: 2, ZAR: 2, ZMW: 2,
});

/** Razorpay's ceiling for one order, in minor units; nothing we sell comes near it. */
export const MAX_ORDER_AMOUNT = 99_999_999_99;

export class InvalidPriceError extends Error {
  constructor(readonly price: string) {
    super(`"${price}" is not a price`);
    this.name = 'InvalidPriceError';
  }
}

/** A currency the gateway does not take (not in MINOR_UNIT_EXPONENTS): nothing can be charged or shown in it. */
export class UnsupportedCurrencyError extends Error {
  constructor(readonly currency: string) {
    super(`${JSON.stringify(currency)} is not a currency the payment gateway takes`);
    this.name = 'UnsupportedCurrencyError';
  }
}

/** The ISO 4217 code as the table keys it, or null when the gateway does not take it. */
export function gatewayCurrency(currency: string): string | null {
  const code = currency.trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(MINOR_UNIT_EXPONENTS, code) ? code : null;
}

/** True when customers can be charged in this currency (any letter case). */
export function isGatewayCurrency(currency: string): boolean {
  return gatewayCurrency(currency) !== null;
}

/** Decimals of the currency (USD 2, KWD 3, JPY 0); UnsupportedCurrencyError for one the gateway does not take. */
export function minorUnitExponent(currency: string): 0 | 2 | 3 {
  const code = gatewayCurrency(currency);
  if (code === null) throw new UnsupportedCurrencyError(currency);
  return MINOR_UNIT_EXPONENTS[code];
}

/**
 * The amount of a price text in minor units of `currency`: "19.99" USD → 1999, "19.99" KWD →
 * 19990, "19.9" → 1990, "$1,299.00" → 129900, "USD 5" → 500. Accepts an optional currency sign or
 * code before the number and thousands separators in groups of three; refuses anything else
 * (negative, zero, exponent, more decimals than the currency has, several numbers) with
 * InvalidPriceError, and a currency the gateway does not take with UnsupportedCurrencyError.
 */
export function minorUnitsOf(price: string, currency: string): number {
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

/** 1999 USD → "19.99", 19990 KWD → "19.990", 1500 JPY → "1500" (for mails, logs and API bodies); written by the exact Decimal. */
export function formatMinorUnits(amount: number, currency: string): string {
  return Decimal.minor(BigInt(amount), minorUnitExponent(currency)).toString();
}

/**
 * The largest price text (at most `decimals` places, and at most the currency's own) whose amount is
 * still at most MAX_ORDER_AMOUNT: "99999999.99" in USD, "9999999.99" in KWD (two places), "9999999999"
 * in JPY.
 */
export function maxPriceText(currency: string, decimals = 2): string {
  const exponent = minorUnitExponent(currency);
  const places = Math.min(decimals, exponent);
  // MAX_ORDER_AMOUNT in units of 10^-places of the currency, rounded down.
  return Decimal.minor(BigInt(MAX_ORDER_AMOUNT) / 10n ** BigInt(exponent - places), places).toString();
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

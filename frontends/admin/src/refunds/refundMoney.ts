/**
 * Refund amounts are decimal text in the order's currency (docs/refunds.md): compared and
 * subtracted here as integer minor units read from the text, never through a float.
 */

/** How many decimals the currency has (USD and INR 2, JPY 0); 2 when Intl does not know it. */
export function currencyDigits(currency: unknown): number {
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency.trim())) return 2;
  try {
    const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.trim().toUpperCase() }).resolvedOptions().maximumFractionDigits;
    return typeof digits === 'number' && digits >= 0 && digits <= 4 ? digits : 2;
  } catch {
    return 2;
  }
}

/**
 * Minor units of a decimal text as the server sends it ('7.85' → 785n at 2 digits; '7.850' too:
 * extra zeros are fine); null for anything else, or for more decimals than the currency has.
 */
export function minorUnits(value: unknown, digits: number): bigint | null {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  let fraction = match[2] ?? '';
  if (fraction.length > digits) {
    if (/[^0]/.test(fraction.slice(digits))) return null;
    fraction = fraction.slice(0, digits);
  }
  return BigInt(match[1] + fraction.padEnd(digits, '0'));
}

/** Decimal text of minor units: 785n → '7.85' (2 digits), 500n → '500' (0 digits). */
export function fromMinorUnits(minor: bigint, digits: number): string {
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** True when the decimal text is more than zero (false for '0.00', null or garbage). */
export function isPositiveAmount(value: unknown, currency: unknown): boolean {
  const minor = minorUnits(value, Math.max(currencyDigits(currency), 4));
  return minor !== null && minor > 0n;
}

export type AmountCheck = { ok: true; amount: string } | { ok: false; error: string };

/**
 * The amount staff typed, checked before it is sent: a plain decimal with at most the currency's
 * decimals, above zero, and — when known — not above what is left (the server refuses more with a
 * 409 anyway; docs/refunds.md "Never more than was paid"). `amount` is the text to send ('7.8' → '7.80').
 */
export function checkAmount(text: string, currency: string, refundable: string | null): AmountCheck {
  const digits = currencyDigits(currency);
  const value = text.trim();
  if (value === '') return { ok: false, error: 'Enter the amount to refund.' };
  if (!/^\d+(\.\d+)?$/.test(value)) {
    return { ok: false, error: `Enter the amount as a number in ${currency}, e.g. ${digits === 0 ? '500' : fromMinorUnits(785n, digits)}.` };
  }
  const minor = minorUnits(value, digits);
  if (minor === null) return { ok: false, error: `${currency} has ${digits === 0 ? 'no decimals' : `at most ${digits} decimals`}.` };
  if (minor <= 0n) return { ok: false, error: 'The amount must be more than 0.' };
  const left = refundable === null ? null : minorUnits(refundable, digits);
  if (left !== null && minor > left) return { ok: false, error: `Only ${fromMinorUnits(left, digits)} ${currency} is left to refund.` };
  return { ok: true, amount: fromMinorUnits(minor, digits) };
}

/** `a − b` as decimal text when both read; null otherwise. */
export function difference(a: unknown, b: unknown, currency: unknown): string | null {
  const digits = currencyDigits(currency);
  const x = minorUnits(a, digits);
  const y = b === null || b === undefined ? 0n : minorUnits(b, digits);
  if (x === null || y === null) return null;
  return fromMinorUnits(x - y, digits);
}

/** Prices as a shopper reads them: "$19.99" for USD, the code after the number where Intl cannot. */
function currencyFormat(currency: string, digits?: number): Intl.NumberFormat | null {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    });
  } catch {
    return null;
  }
}

/** A tier's price: a decimal string in the plan's currency (docs/product.md#plans-and-pricing). */
export function formatPrice(price: string, currency: string): string {
  const amount = Number(price);
  if (!Number.isFinite(amount)) return `${price} ${currency}`;
  return currencyFormat(currency)?.format(amount) ?? `${amount.toFixed(2)} ${currency}`;
}

/**
 * An order amount in minor units, with the exponent the server sent with it (`order.exponent`, from
 * the server's one table of ISO 4217 exponents): 1999 USD at 2 → "$19.99", 19990 KWD at 3 →
 * "KWD 19.990", 1500 JPY at 0 → "¥1,500". Never Intl's own idea of the currency's decimals: it
 * differs from ISO 4217 for some (IQD, HUF, IDR...), and a wrong exponent shows a price 10 or
 * 100 times off. The division is done on the digits, never through a float.
 */
export function formatMinorUnits(amount: number, currency: string, exponent: number): string {
  if (!Number.isSafeInteger(amount) || !Number.isInteger(exponent) || exponent < 0 || exponent > 4) return `${amount} ${currency}`;
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  const major = `${amount < 0 ? '-' : ''}${exponent ? `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}` : digits}`;
  const format = currencyFormat(currency, exponent);
  // Intl formats a decimal string exactly (Intl.NumberFormat v3); its TypeScript types still say number.
  return format ? format.format(major as unknown as number) : `${major} ${currency}`;
}

/** Prices as a shopper reads them: "$19.99" for USD, the code after the number where Intl cannot. */
function currencyFormat(currency: string): Intl.NumberFormat | null {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency });
  } catch {
    return null;
  }
}

/** A tier's price: a decimal string in the plan's currency (DESIGN §3). */
export function formatPrice(price: string, currency: string): string {
  const amount = Number(price);
  if (!Number.isFinite(amount)) return `${price} ${currency}`;
  return currencyFormat(currency)?.format(amount) ?? `${amount.toFixed(2)} ${currency}`;
}

/** An order amount in minor units (1999 USD -> "$19.99"; a currency's own number of decimals). */
export function formatMinorUnits(amount: number, currency: string): string {
  const format = currencyFormat(currency);
  const digits = format?.resolvedOptions().maximumFractionDigits ?? 2;
  const major = amount / 10 ** digits;
  return format?.format(major) ?? `${major.toFixed(digits)} ${currency}`;
}

/** Display helpers shared by the customer lists and the admin screens (imported by path, not from kit's index). */

/** '$19.99' for ('19.99', 'USD'); '19.99 XYZ' when the currency is unknown to Intl; '—' without a number. */
export function formatPrice(price: unknown, currency = 'USD'): string {
  const amount = Number(price);
  if (price === '' || price === null || price === undefined || !Number.isFinite(amount)) return '—';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** The link itself when it is an absolute http(s) URL, else null (javascript:, data:, relative, garbage). */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The shop's own order number of a subscription (the one rule, in @growth/contracts). */
export { orderNumberOf } from '@growth/contracts';

/**
 * Money the API sends as decimal text ('49.99', '19.990', '1500'), written as a shopper reads it
 * ('$49.99', 'KWD 19.990', '¥1,500') with exactly the decimals the server wrote: the server wrote
 * them from minor units by its one currency table, and Intl formats decimal text as it is
 * (Intl.NumberFormat v3), never through a float. '49.99 XYZ' where Intl does not know the currency;
 * '—' for anything that is not decimal text.
 */
export function formatMoney(amount: unknown, currency: unknown): string {
  if (typeof amount !== 'string' || !/^-?\d{1,20}(\.\d{1,4})?$/.test(amount.trim())) return '—';
  const text = amount.trim();
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  const digits = text.split('.')[1]?.length ?? 0;
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits });
    // Intl formats a decimal string exactly; its TypeScript types still say number.
    return format.format(text as unknown as number);
  } catch {
    return code ? `${text} ${code}` : text;
  }
}

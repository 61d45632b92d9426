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

/**
 * Money as the Overview answers it: decimal text per currency (docs/reports.md, "What each figure
 * is"). Shown exactly as sent, digits grouped by thousands; never parsed into a float, never summed
 * across currencies.
 */
const DECIMAL = /^(-?)(\d+)(\.\d+)?$/;

/** '1234567.50' -> '1,234,567.50' (the text unchanged when it is not decimal text). */
export function groupDigits(value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  return `${sign === '-' ? '−' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** 'USD 1,499.00'; a currency without known decimals says its amounts are in minor units. */
export function formatMoney(currency: string, value: string, exponent: number | null = 0): string {
  const text = `${currency} ${groupDigits(value)}`;
  return exponent === null ? `${text} (minor units)` : text;
}

/** '+12.50' / '−3' / '0.00': a change with its sign. */
export function signed(value: string | number): string {
  const text = String(value);
  if (text.startsWith('-')) return `−${groupDigits(text.slice(1))}`;
  return /^0(\.0+)?$/.test(text) ? groupDigits(text) : `+${groupDigits(text)}`;
}

/** The direction of a change: decimal text or a number, compared to zero without a float. */
export function direction(value: string | number): 'up' | 'down' | 'flat' {
  const text = String(value).trim();
  if (text.startsWith('-')) return /[1-9]/.test(text) ? 'down' : 'flat';
  return /[1-9]/.test(text) ? 'up' : 'flat';
}

/**
 * A decimal text as a number for drawing only (a bar's height): the chart needs a position, not an
 * exact amount; every amount shown as text comes from the string itself.
 */
export function plotValue(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

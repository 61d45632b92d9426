/** Display helpers of the subscription cards (prices and profile links: kit's formatPrice, httpUrl). */

/** 'Mar 4, 2025, 3:07 PM' in the visitor's time zone; '—' for a missing or unreadable date. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** How far the upstream provider has got with an order (docs/fulfilment.md); any part may be unknown. */
export interface DeliveryProgress {
  startCount?: unknown;
  remains?: unknown;
  quantity?: unknown;
}

const COUNT = new Intl.NumberFormat('en-US');

/** A whole count as the server sent it (a number, or digits as text for a very large one), else null. */
function count(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? COUNT.format(value) : null;
  if (typeof value === 'string' && /^-?\d{1,30}$/.test(value.trim())) return COUNT.format(BigInt(value.trim()));
  return null;
}

/** Statuses the provider ended short of the full quantity: Partial, Canceled, Refunded. */
const ENDED_SHORT = new Set([2, 3, 4]);

/** '1,000': the quantity ordered from the provider, once it is known; null before. */
export function quantityText(progress: DeliveryProgress | null | undefined): string | null {
  if (!progress || typeof progress !== 'object') return null;
  const quantity = count(progress.quantity);
  return quantity && quantity !== '0' && !quantity.startsWith('-') ? quantity : null;
}

/**
 * 'Started at 1,204 · 350 remaining' (grouped as the card's dates are written: 120,000), only the parts the provider
 * reported; null when it reported neither, so the card shows no line at all. Once the order ended
 * short (Partial, Canceled, Refunded: `status` 2–4) nothing more is coming, so what is left is
 * 'not delivered' rather than 'remaining'. An order still In Process (`status` 0) with a start count
 * and remains of 0 has not started: panels send "0" for both before they begin (docs/fulfilment.md),
 * and 'Started at 0 · 0 remaining' would tell the customer it was delivered.
 */
export function progressText(progress: DeliveryProgress | null | undefined, status?: unknown): string | null {
  if (!progress || typeof progress !== 'object') return null;
  const started = count(progress.startCount);
  const remains = count(progress.remains);
  if (Number(status) === 0 && started === '0' && remains === '0') return null;
  const left = ENDED_SHORT.has(Number(status)) ? 'not delivered' : 'remaining';
  const parts = [started && `Started at ${started}`, remains && `${remains} ${left}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** 'Nov 24, 2026' in the visitor's time zone; null for a missing or unreadable date. */
export function formatDate(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/**
 * Money in the API is decimal text ('7.85', docs/refunds.md): it is compared and subtracted here
 * as whole numbers of its smallest digit, never as floats; null for text that is not a plain
 * non-negative decimal.
 */
function decimal(value: unknown): { digits: bigint; scale: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d{1,30})(?:\.(\d{1,12}))?\s*$/.exec(value);
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { digits: BigInt(match[1] + fraction), scale: fraction.length };
}

function aligned(a: unknown, b: unknown): [bigint, bigint, number] | null {
  const x = decimal(a);
  const y = decimal(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  return [x.digits * 10n ** BigInt(scale - x.scale), y.digits * 10n ** BigInt(scale - y.scale), scale];
}

/** -1, 0 or 1 as the decimal text a is below, equal to or above b; null when either is unreadable. */
export function compareDecimal(a: unknown, b: unknown): -1 | 0 | 1 | null {
  const pair = aligned(a, b);
  if (!pair) return null;
  const [x, y] = pair;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a − b as decimal text ('7.85' − '2.00' = '5.85'); null when either is unreadable or b is larger. */
export function subtractDecimal(a: unknown, b: unknown): string | null {
  const pair = aligned(a, b);
  if (!pair) return null;
  const [x, y, scale] = pair;
  if (y > x) return null;
  const text = (x - y).toString().padStart(scale + 1, '0');
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** Whether decimal text is a readable amount above zero. */
export function isPositiveDecimal(value: unknown): boolean {
  return compareDecimal(value, '0') === 1;
}

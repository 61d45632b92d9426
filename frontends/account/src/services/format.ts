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

/** '1,000': the quantity ordered from the provider, once it is known; null before. */
export function quantityText(progress: DeliveryProgress | null | undefined): string | null {
  if (!progress || typeof progress !== 'object') return null;
  const quantity = count(progress.quantity);
  return quantity && quantity !== '0' && !quantity.startsWith('-') ? quantity : null;
}

/** A whole count as a BigInt (for the arithmetic of 'Delivered … of …'), else null. */
function whole(value: unknown): bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  if (typeof value === 'string' && /^\d{1,30}$/.test(value.trim())) return BigInt(value.trim());
  return null;
}

/**
 * What the provider reported of the delivery, in the card's words (docs/fulfilment.md, "What a panel
 * may say"); null when there is nothing true to say, so the card shows no line:
 * - a start count of 0 is "not reported" (panels send "0" when nobody typed one in), so only a real
 *   one is said: 'Started at 1,204';
 * - In Process: what is still coming, 'Started at 1,204 · 350 remaining'; remains of 0 on an order
 *   not finished is not reported either (a panel says "0" until the order ends);
 * - Completed: the start count only (nothing remains);
 * - Partial: what was delivered, 'Started at 98 · Delivered 588 of 1,000', when the panel said what
 *   remained and the quantity is known ('412 not delivered' without the quantity);
 * - Canceled or Refunded: no delivery line; the refund says what came back.
 * Counts are grouped as the card's dates are written (120,000).
 */
export function progressText(progress: DeliveryProgress | null | undefined, status?: unknown): string | null {
  if (!progress || typeof progress !== 'object') return null;
  const state = Number(status);
  if (state === 3 || state === 4) return null;
  const started = count(progress.startCount);
  const parts = [started && started !== '0' && !started.startsWith('-') ? `Started at ${started}` : null];
  const remains = whole(progress.remains);
  if (state === 0 && remains !== null && remains > 0n) parts.push(`${COUNT.format(remains)} remaining`);
  if (state === 2 && remains !== null) {
    const quantity = whole(progress.quantity);
    parts.push(
      quantity !== null && quantity > 0n && remains <= quantity
        ? `Delivered ${COUNT.format(quantity - remains)} of ${COUNT.format(quantity)}`
        : `${COUNT.format(remains)} not delivered`,
    );
  }
  const said = parts.filter(Boolean);
  return said.length ? said.join(' · ') : null;
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

/** Display helpers of the subscription cards (prices and profile links: kit's formatPrice, httpUrl). */

/** 'Mar 4, 2025, 3:07 PM' in the visitor's time zone; '—' for a missing or unreadable date. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** How far the upstream provider has got with an order (issue 10); any part may be unknown. */
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

/**
 * 'Started at 1,204 · 350 remaining' (grouped as the card's dates are written: 120,000), only the parts the provider
 * reported; null when it reported neither, so the card shows no line at all. Once the order ended
 * short (Partial, Canceled, Refunded: `status` 2–4) nothing more is coming, so what is left is
 * 'not delivered' rather than 'remaining'.
 */
export function progressText(progress: DeliveryProgress | null | undefined, status?: unknown): string | null {
  if (!progress || typeof progress !== 'object') return null;
  const started = count(progress.startCount);
  const remains = count(progress.remains);
  const left = ENDED_SHORT.has(Number(status)) ? 'not delivered' : 'remaining';
  const parts = [started && `Started at ${started}`, remains && `${remains} ${left}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** Display helpers of the subscription cards (prices and profile links: kit's formatPrice, httpUrl). */

/** 'Mar 4, 2025, 3:07 PM' in the visitor's time zone; '—' for a missing or unreadable date. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

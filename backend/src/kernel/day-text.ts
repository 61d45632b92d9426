/**
 * Days and moments as a customer reads them, in UTC: the refill rules' sentences (fulfilment) and
 * the "order completed" mail (subscriptions) write the same dates.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** "3 Dec 2026" (UTC). */
export function dayText(at: Date): string {
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** "3 Dec 2026, 14:05 UTC". */
export function momentText(at: Date): string {
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${dayText(at)}, ${time} UTC`;
}

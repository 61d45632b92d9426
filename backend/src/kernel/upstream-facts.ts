/**
 * What a provider panel says about an order, and what of it can be true: shared by the
 * subscriptions domain (which stores the facts) and the fulfilment domain (which reads the panel's
 * answers), so it lives in the shared kernel.
 */

/** What the provider last said about an order (API v2 `status`); every field may be unknown. */
export interface UpstreamFacts {
  /** The raw status text, as the provider wrote it ("In progress", "Completed", …). */
  upstreamStatus: string | null;
  /** Decimal text in `currency`, e.g. "0.27819". */
  charge: string | null;
  currency: string | null;
  startCount: number | null;
  remains: number | null;
}

/**
 * What a stored fact may be (docs/fulfilment.md, "What a panel may say"). The provider panel is not
 * trusted: a value outside these bounds cannot be true and is never stored, shown to a customer or
 * used for money; staff read the words it sent in the order's note instead.
 */
export const UPSTREAM_BOUNDS = {
  /** The status text kept for staff, in characters (longer text is cut, ending in '…'). */
  statusChars: 100,
  /** A currency as a panel writes it ('USD', 'usd', 'RUB'). */
  currencyChars: 10,
  /** The largest start count believed: more than any account's followers or any video's views. */
  maxStartCount: 100_000_000_000,
  /** A charge is plain decimal text, not negative, below 10^9 in its currency, at most 20 decimals. */
  charge: /^\d{1,9}(\.\d{1,20})?$/,
} as const;

/** A start count that can be true: a whole number from 0 to UPSTREAM_BOUNDS.maxStartCount. */
export function isPlausibleStartCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= UPSTREAM_BOUNDS.maxStartCount;
}

/** Remains that can be true for `quantity` ordered: a whole number from 0 to the quantity. */
export function isPlausibleRemains(value: unknown, quantity: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && Number.isSafeInteger(quantity) && value <= quantity;
}

/** A charge that can be true: plain decimal text, not negative, below 10^9 (UPSTREAM_BOUNDS.charge). */
export function isPlausibleCharge(value: unknown): value is string {
  return typeof value === 'string' && UPSTREAM_BOUNDS.charge.test(value);
}

/**
 * A panel's status word as compared: lower case, inner runs of spaces as one. Fulfilment reads the
 * final words with it; subscriptions' card knows a Pending order that has not started by it.
 */
export function normalWord(raw: string): string {
  return raw.toLowerCase().replace(/\s+/g, ' ');
}

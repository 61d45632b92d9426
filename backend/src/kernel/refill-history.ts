import { REFILL_STATES, type RefillRecord, type RefillState } from './delivery-summary';

/**
 * An order's refills as its delivery summary stores them (docs/refill.md): fulfilment writes the
 * summary, subscriptions reads it back beside each order. Only the shape and its reading are here;
 * the refill rules are fulfilment's (modules/fulfilment/domain/refill.ts).
 */

/** The newest refills an order's summary keeps (the admin's history). */
export const REFILL_HISTORY = 20;

const EPOCH_LIMIT = 8.64e15;
/** A time the summary stored (epoch milliseconds), or null. */
function timeOf(value: unknown): Date | null {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= EPOCH_LIMIT ? new Date(value) : null;
}
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * A stored summary (jsonb: `{ history: [...] }`, times as epoch milliseconds) read back defensively:
 * an entry of an unknown shape is left out.
 */
export function readRefillHistory(value: unknown): RefillRecord[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const history = (value as { history?: unknown }).history;
  if (!Array.isArray(history)) return [];
  const records: RefillRecord[] = [];
  for (const entry of history.slice(0, REFILL_HISTORY)) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    const requestedAt = timeOf(e.requestedAt);
    if (typeof e.refillId !== 'string' || !REFILL_STATES.includes(e.state as RefillState) || requestedAt === null) continue;
    records.push({
      refillId: e.refillId,
      state: e.state as RefillState,
      actor: e.actor === 'staff' ? 'staff' : 'customer',
      requestedAt,
      settledAt: timeOf(e.settledAt),
      checkedAt: timeOf(e.checkedAt),
      upstreamRefillId: textOrNull(e.upstreamRefillId),
      upstreamStatus: textOrNull(e.upstreamStatus),
      failure: textOrNull(e.failure),
      unsupported: e.unsupported === true,
    });
  }
  return records;
}

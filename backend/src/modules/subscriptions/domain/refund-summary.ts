/**
 * What a subscription's bodies show of its order's refunds (docs/refunds.md, "What the APIs say").
 * Billing keeps the refunds and requests; it writes this summary onto the subscription in the
 * transaction of every change, so the customer's lists and the admin's tasks read it without a join
 * across modules. Amounts are decimal text in the order's currency.
 */
export type RefundState = 'pending' | 'processed' | 'failed';
export type RefundRequestState = 'open' | 'approved' | 'declined';

export interface RefundSummary {
  /** `pending` while any refund is on its way, else `processed` if any was, else `failed`; null: no refund yet. */
  state: RefundState | null;
  /** Sent back or on its way (pending + processed). */
  requested: string;
  /** Processed. */
  refunded: string;
  currency: string;
  /** When the last refund was processed (ISO text). */
  refundedAt: string | null;
  /** The latest request's state. */
  requestState: RefundRequestState | null;
  /** Staff's message when the latest request was declined. */
  message: string | null;
  /** Staff only: what can still be refunded. */
  refundable: string;
  /** Staff only: the open request, to approve or decline. */
  requestId: string | null;
  /** Staff only: the latest request's state, whoever opened it (the customer, or an automatic refund waiting for staff). */
  staffRequestState: RefundRequestState | null;
  /** Staff only: why the latest refund failed (when state is failed). */
  failure: string | null;
}

const isZero = (decimal: string) => /^0*(\.0*)?$/.test(decimal);

/**
 * The order's price is sent back, or on its way (refunds pending or processed cover it all): its
 * refill guarantee is over (docs/refill.md#rules-as-this-shop-applies-them). A failed refund gives
 * it back.
 */
export function refundedInFull(summary: RefundSummary | null): boolean {
  return summary !== null && isZero(summary.refundable) && !isZero(summary.requested);
}

const STATES: readonly string[] = ['pending', 'processed', 'failed'];
const REQUEST_STATES: readonly string[] = ['open', 'approved', 'declined'];
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** A stored summary (jsonb) read back defensively: an unknown shape reads as no summary. */
export function readRefundSummary(value: unknown): RefundSummary | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.requested !== 'string' || typeof v.refunded !== 'string' || typeof v.currency !== 'string') return null;
  return {
    state: typeof v.state === 'string' && STATES.includes(v.state) ? (v.state as RefundState) : null,
    requested: v.requested,
    refunded: v.refunded,
    currency: v.currency,
    refundedAt: textOrNull(v.refundedAt),
    requestState: typeof v.requestState === 'string' && REQUEST_STATES.includes(v.requestState) ? (v.requestState as RefundRequestState) : null,
    message: textOrNull(v.message),
    refundable: typeof v.refundable === 'string' ? v.refundable : '0',
    requestId: textOrNull(v.requestId),
    staffRequestState: typeof v.staffRequestState === 'string' && REQUEST_STATES.includes(v.staffRequestState) ? (v.staffRequestState as RefundRequestState) : null,
    failure: textOrNull(v.failure),
  };
}

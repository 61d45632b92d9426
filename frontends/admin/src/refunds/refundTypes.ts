/**
 * Refunds as the admin API answers them (docs/refunds.md, "What the APIs say"): the `refund` summary
 * on every subscription body with the admin extras, the rows of POST /admin/refunds/list, and the
 * staff's words for their states and reasons.
 */
import type { PagedAnswer } from '@growth/kit';

/** `pending` while any refund is on its way, else `processed` if any was, else `failed`; null: only a request. */
export type RefundState = 'pending' | 'processed' | 'failed';
export type RefundRequestState = 'open' | 'approved' | 'declined';
/** Why money went back: what the provider did not deliver, an approved request, or staff. */
export type RefundReason = 'undelivered' | 'customer_request' | 'staff' | 'not_honoured';

/** A subscription's `refund` in the admin bodies; null when the order has no refund and no request. */
export interface AdminRefund {
  state: RefundState | null;
  /** Sent back or on its way (pending + processed), decimal text. */
  requested: string | null;
  /** Processed, decimal text. */
  refunded: string | null;
  currency: string | null;
  /** When the last refund was processed. */
  refundedAt: string | null;
  requestState: RefundRequestState | null;
  /** Staff's message when a request was declined. */
  message: string | null;
  /** Admin only: decimal text still refundable. */
  refundable?: string | null;
  /** Admin only: the open request, to approve or decline. */
  requestId?: string | null;
  /** Admin only: why the last refund failed. */
  failure?: string | null;
}

/** One row of POST /admin/refunds/list: a refund, or a request not approved (an approved one shows as its refund). */
export interface RefundRow {
  kind: 'refund' | 'request';
  id: string;
  /** A refund's RefundState, or a request's `open` / `declined`. */
  state: RefundState | RefundRequestState | string;
  /** Decimal text, or null (a customer's request names no amount). */
  amount: string | null;
  currency: string | null;
  reason: RefundReason | string | null;
  /** Staff's words, the customer's reason, or what fell short. */
  note: string | null;
  /** Why a refund failed. */
  failure: string | null;
  /** Staff's message when a request was declined (the customer read it). */
  message?: string | null;
  /** The gateway's id (`rfnd_…`), once known. */
  gatewayRefundId: string | null;
  orderId: string | null;
  paymentId: string | null;
  subscriptionId: string | null;
  planName: string | null;
  tierName: string | null;
  customer: { userId?: string | null; name?: string | null; email?: string | null } | null;
  actor: unknown;
  createdAt: string | null;
  settledAt: string | null;
}

export type RefundsAnswer = PagedAnswer<RefundRow>;

/** The reasons in staff's words. */
export const REFUND_REASON_TEXT: Record<RefundReason, string> = {
  undelivered: 'Not delivered',
  customer_request: 'Customer request',
  staff: 'Staff',
  not_honoured: 'Payment not honoured',
};

export function reasonText(reason: unknown): string {
  if (typeof reason !== 'string' || reason.trim() === '') return '—';
  return REFUND_REASON_TEXT[reason as RefundReason] ?? reason;
}

/** A row's state in staff's words: refunds Pending / Processed / Failed, requests Requested / Declined. */
export const ROW_STATE_TEXT: Record<string, string> = {
  pending: 'Pending',
  processed: 'Processed',
  failed: 'Failed',
  open: 'Requested',
  declined: 'Declined',
  approved: 'Approved',
};

export function rowStateText(state: unknown): string {
  if (typeof state !== 'string' || state.trim() === '') return '—';
  return ROW_STATE_TEXT[state] ?? state;
}

/** The State filter of the Refunds page: every row, then the list's `state` values. */
export const REFUND_STATE_FILTERS = ['all', 'pending', 'processed', 'failed', 'open', 'declined'] as const;
export type RefundStateFilter = (typeof REFUND_STATE_FILTERS)[number];

export const REFUND_STATE_OPTIONS: readonly { value: RefundStateFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'processed', label: 'Processed' },
  { value: 'failed', label: 'Failed' },
  { value: 'open', label: 'Requested' },
  { value: 'declined', label: 'Declined' },
];

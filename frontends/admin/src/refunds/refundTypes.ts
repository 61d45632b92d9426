/**
 * Staff's words for the refunds' states and reasons (docs/refunds.md, "What the APIs say"); the
 * bodies themselves (AdminRefund, RefundRow, RefundsAnswer) are typed in @growth/contracts.
 */
import type { RefundReason } from '@growth/kit';

/** The reasons in staff's words. */
export const REFUND_REASON_TEXT: Record<RefundReason, string> = {
  undelivered: 'Not delivered',
  customer_request: 'Customer request',
  staff: 'Staff',
  not_honoured: 'Payment not honoured',
  second_payment: 'Second payment for an order already paid',
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

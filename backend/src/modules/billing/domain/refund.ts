import { ORDER_STATUS, type OrderStatus } from '../../../kernel/order-status';

/**
 * Refunds and refund requests (docs/refunds.md). Amounts are integer minor units of the order's
 * currency; a refund never moves back from `processed`, and a `failed` one frees its amount.
 */
export type RefundState = 'pending' | 'processed' | 'failed';
export type RefundRequestState = 'open' | 'approved' | 'declined';

/**
 * The refund's state machine, its one table: for each state, the states it may move to. A refund is
 * settled once: `pending` becomes `processed` or `failed`, and neither moves again. The repository's
 * UPDATEs take their conditions from it, and so does the in-memory fake;
 * refund.repository.transitions.int-spec.ts runs every move from every state against both.
 */
export const REFUND_TRANSITIONS: Readonly<Record<RefundState, readonly RefundState[]>> = Object.freeze({
  pending: ['processed', 'failed'],
  processed: [],
  failed: [],
});

/** The refund request's: an `open` request is decided once, approved or declined. */
export const REFUND_REQUEST_TRANSITIONS: Readonly<Record<RefundRequestState, readonly RefundRequestState[]>> = Object.freeze({
  open: ['approved', 'declined'],
  approved: [],
  declined: [],
});

/** The states of `table` that may move to `to`: the condition of the update that moves a row there. */
export function statesThatMayBecome<S extends string>(table: Readonly<Record<S, readonly S[]>>, to: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(to));
}

/** The states of `table` that are not the end: a row in one of them may still move (a pending refund is still asked about). */
export function unsettledStates<S extends string>(table: Readonly<Record<S, readonly S[]>>): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].length > 0);
}
/** `not_honoured`: a payment that came for an order the shop could no longer honour (expired at a changed price, or withdrawn). */
/** `second_payment`: a payment captured for an order another payment had paid already (docs/refunds.md#second-payments). */
export type RefundReason = 'undelivered' | 'customer_request' | 'staff' | 'not_honoured' | 'second_payment';
export const REFUND_REASONS: readonly RefundReason[] = ['undelivered', 'customer_request', 'staff', 'not_honoured', 'second_payment'];

/** The idempotency key of the refund of a second payment: one per payment, whoever finds it. */
export const secondPaymentKey = (paymentId: string) => `second-${paymentId}`.slice(0, 50);
export type RefundActor = { role: 'system'; id: null } | { role: 'admin' | 'customer'; id: string };

export interface Refund {
  refundId: string;
  orderId: string;
  subscriptionId: string | null;
  paymentId: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  note: string | null;
  actor: RefundActor;
  state: RefundState;
  gatewayRefundId: string | null;
  idempotencyKey: string;
  failureReason: string | null;
  attempts: number;
  createdAt: Date;
  settledAt: Date | null;
  checkedAt: Date | null;
}

export type RefundRequestSource = 'customer' | 'undelivered';

export interface RefundRequest {
  requestId: string;
  orderId: string;
  subscriptionId: string;
  source: RefundRequestSource;
  /** The customer's words, or what the provider did not deliver. */
  reason: string;
  /** The amount proposed (automatic refunds waiting for staff); null: staff decide. */
  amount: number | null;
  currency: string;
  state: RefundRequestState;
  message: string | null;
  refundId: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

/** The idempotency key of the automatic refund of one subscription: unique, so it can exist once. */
export const undeliveredKey = (subscriptionId: string) => `undelivered-${subscriptionId}`;

/** Our key for any other refund (Razorpay wants 10+ characters of letters, digits, `-` and `_`). */
export const refundKey = (refundId: string) => `refund-${refundId}`;

/** What one order finished with, as the shortfall rule needs it. */
export interface FinishedOrder {
  /** Partial, Canceled and Refunded deliver less (others in full). */
  status: OrderStatus;
  /** `canceled`: staff cancelled it before it was placed upstream. */
  fulfilmentState: string | null;
  quantity: number | null;
  remains: number | null;
}

/**
 * What was not delivered, in minor units of `paid` (docs/refunds.md): everything for Canceled,
 * Refunded or an order never placed; `floor(paid × remains / quantity)` for Partial, in integer
 * arithmetic. `null` when a Partial's remains cannot be trusted (unknown, negative, above the
 * quantity): staff decide. 0 when nothing is owed.
 */
export function undeliveredAmount(paid: number, order: FinishedOrder): number | null {
  if (order.fulfilmentState === 'canceled' || order.status === ORDER_STATUS.Canceled || order.status === ORDER_STATUS.Refunded) return paid;
  if (order.status !== ORDER_STATUS.Partial) return 0;
  const { quantity, remains } = order;
  if (quantity === null || remains === null || !Number.isSafeInteger(quantity) || !Number.isSafeInteger(remains)) return null;
  if (quantity <= 0 || remains < 0 || remains > quantity) return null;
  return Number((BigInt(paid) * BigInt(remains)) / BigInt(quantity));
}

/** "157 of 1,000 not delivered" / "Canceled by the provider": the note an automatic refund carries. */
export function shortfallNote(order: FinishedOrder): string {
  if (order.fulfilmentState === 'canceled') return 'Cancelled before it was placed with the provider';
  if (order.status === ORDER_STATUS.Canceled) return 'Canceled by the provider';
  if (order.status === ORDER_STATUS.Refunded) return 'Refunded by the provider';
  const group = (n: number) => n.toLocaleString('en-US');
  const { remains, quantity } = order;
  if (remains === null || quantity === null) return 'Partly delivered; the provider did not say how much is missing';
  if (remains < 0 || remains > quantity) return `Partly delivered; the provider reported ${group(remains)} remaining of ${group(quantity)}, which cannot be right`;
  return `${group(remains)} of ${group(quantity)} not delivered`;
}

import type { Refund, RefundRequest, RefundRequestState, RefundState } from '../domain/refund';

/** One row of the admin's Refunds list: a refund, or a request not approved (an approved one shows as its refund). */
export interface RefundListRow {
  kind: 'refund' | 'request';
  id: string;
  state: RefundState | RefundRequestState;
  amount: number | null;
  currency: string;
  reason: string;
  note: string | null;
  failure: string | null;
  message: string | null;
  gatewayRefundId: string | null;
  orderId: string;
  paymentId: string | null;
  subscriptionId: string | null;
  planName: string;
  tierName: string;
  customer: { userId: string; name: string; email: string };
  /** The order was made at a gateway that takes no real money (docs/payments.md#sandbox-orders). */
  sandbox: boolean;
  actor: { role: string; id: string | null };
  createdAt: Date;
  settledAt: Date | null;
}

export const REFUND_LIST_STATES = ['pending', 'processed', 'failed', 'open', 'declined'] as const;
export type RefundListState = (typeof REFUND_LIST_STATES)[number];

/** Where refunds and refund requests are kept (docs/refunds.md). Joins the caller's UnitOfWork. */
export abstract class RefundRepository {
  /**
   * Stores a new refund. 'over_limit' when the order's refunds would add up to more than was paid
   * (the database's CHECK decided), 'duplicate_key' when its idempotency key exists. Either way
   * nothing was stored, and the surrounding transaction can no longer be used (PostgreSQL aborts it):
   * the caller must end it.
   */
  abstract insert(refund: Refund): Promise<'inserted' | 'over_limit' | 'duplicate_key'>;

  abstract findById(refundId: string): Promise<Refund | null>;

  abstract findByGatewayId(gatewayRefundId: string): Promise<Refund | null>;

  abstract ofOrder(orderId: string): Promise<Refund[]>;

  /** Notes the gateway's id and one more call (only while none is noted). */
  abstract noteGatewayAnswer(refundId: string, gatewayRefundId: string, now: Date): Promise<void>;

  /** Counts a call that got no clear answer. */
  abstract noteAttempt(refundId: string, note: string, now: Date): Promise<void>;

  /** `pending` → `state`, once (false when it was not pending). A failure keeps its reason. */
  abstract settle(refundId: string, state: 'processed' | 'failed', now: Date, failureReason?: string): Promise<boolean>;

  /** Pending refunds made before `before` and not checked since, least recently checked first. */
  abstract duePending(before: Date, limit: number): Promise<Refund[]>;

  abstract markChecked(refundId: string, now: Date): Promise<void>;

  /** Stores a new open request; 'already_open' when the subscription has one (a unique index decided). */
  abstract insertRequest(request: RefundRequest): Promise<'inserted' | 'already_open'>;

  abstract findRequest(requestId: string): Promise<RefundRequest | null>;

  abstract requestsOfOrder(orderId: string): Promise<RefundRequest[]>;

  /** `open` → approved/declined, once (false when it was not open). */
  abstract decideRequest(
    requestId: string,
    decision: { state: 'approved' | 'declined'; message: string | null; refundId: string | null; decidedBy: string },
    now: Date,
  ): Promise<boolean>;

  /** A page of refunds and requests, newest first, filtered by state and by a search (ids, e-mail, name). */
  abstract page(query: {
    page: number;
    limit: number;
    state: RefundListState | null;
    q: string | null;
  }): Promise<{ items: RefundListRow[]; total: number; hasNext: boolean }>;
}

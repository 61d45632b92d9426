import { RefundRepository, type RefundListRow } from '../../src/modules/billing/application/refund.repository.port';
import {
  REFUND_REQUEST_TRANSITIONS,
  REFUND_TRANSITIONS,
  type Refund,
  type RefundRequest,
  statesThatMayBecome,
  unsettledStates,
} from '../../src/modules/billing/domain/refund';

/**
 * RefundRepository in memory, its moves taken from the same transition tables as the real one
 * (REFUND_TRANSITIONS, REFUND_REQUEST_TRANSITIONS); refund.repository.transitions.int-spec.ts holds
 * the two to one contract. The admin list (`page`) is the real repository's alone.
 */
export class InMemoryRefunds extends RefundRepository {
  readonly refunds = new Map<string, Refund>();
  readonly requests = new Map<string, RefundRequest>();

  async insert(refund: Refund): Promise<'inserted' | 'over_limit' | 'duplicate_key'> {
    if ([...this.refunds.values()].some((r) => r.idempotencyKey === refund.idempotencyKey)) return 'duplicate_key';
    this.refunds.set(refund.refundId, { ...refund });
    return 'inserted';
  }

  async findById(refundId: string): Promise<Refund | null> {
    const refund = this.refunds.get(refundId);
    return refund ? { ...refund } : null;
  }

  async findByGatewayId(gatewayRefundId: string): Promise<Refund | null> {
    return [...this.refunds.values()].find((r) => r.gatewayRefundId === gatewayRefundId) ?? null;
  }

  async ofOrder(orderId: string): Promise<Refund[]> {
    return [...this.refunds.values()].filter((r) => r.orderId === orderId);
  }

  async noteGatewayAnswer(refundId: string, gatewayRefundId: string): Promise<void> {
    const refund = this.refunds.get(refundId);
    if (refund) Object.assign(refund, { gatewayRefundId: refund.gatewayRefundId ?? gatewayRefundId, attempts: refund.attempts + 1, failureReason: null });
  }

  async noteAttempt(refundId: string, note: string): Promise<void> {
    const refund = this.refunds.get(refundId);
    if (refund && unsettledStates(REFUND_TRANSITIONS).includes(refund.state)) Object.assign(refund, { attempts: refund.attempts + 1, failureReason: note.slice(0, 500) });
  }

  async settle(refundId: string, state: 'processed' | 'failed', now: Date, failureReason?: string): Promise<boolean> {
    const refund = this.refunds.get(refundId);
    if (!refund || !statesThatMayBecome(REFUND_TRANSITIONS, state).includes(refund.state)) return false;
    Object.assign(refund, {
      state,
      settledAt: now,
      failureReason: state === 'failed' ? (failureReason ?? 'The payment gateway did not process the refund.').slice(0, 500) : null,
    });
    return true;
  }

  async duePending(before: Date, limit: number): Promise<Refund[]> {
    return [...this.refunds.values()]
      .filter((r) => unsettledStates(REFUND_TRANSITIONS).includes(r.state) && r.createdAt < before && (!r.checkedAt || r.checkedAt < before))
      .sort((a, b) => (a.checkedAt?.getTime() ?? -Infinity) - (b.checkedAt?.getTime() ?? -Infinity) || a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit);
  }

  async markChecked(refundId: string, now: Date): Promise<void> {
    const refund = this.refunds.get(refundId);
    if (refund) refund.checkedAt = now;
  }

  async insertRequest(request: RefundRequest): Promise<'inserted' | 'already_open'> {
    // One undecided request per subscription (the real table's unique index on the open ones).
    const undecided = unsettledStates(REFUND_REQUEST_TRANSITIONS);
    const open = [...this.requests.values()].some((r) => r.subscriptionId === request.subscriptionId && undecided.includes(r.state));
    if (open && undecided.includes(request.state)) return 'already_open';
    this.requests.set(request.requestId, { ...request });
    return 'inserted';
  }

  async findRequest(requestId: string): Promise<RefundRequest | null> {
    const request = this.requests.get(requestId);
    return request ? { ...request } : null;
  }

  async requestsOfOrder(orderId: string): Promise<RefundRequest[]> {
    return [...this.requests.values()].filter((r) => r.orderId === orderId);
  }

  async decideRequest(
    requestId: string,
    decision: { state: 'approved' | 'declined'; message: string | null; refundId: string | null; decidedBy: string },
    now: Date,
  ): Promise<boolean> {
    const request = this.requests.get(requestId);
    if (!request || !statesThatMayBecome(REFUND_REQUEST_TRANSITIONS, decision.state).includes(request.state)) return false;
    Object.assign(request, { ...decision, decidedAt: now });
    return true;
  }

  async page(): Promise<{ items: RefundListRow[]; total: number; hasNext: boolean }> {
    throw new Error('InMemoryRefunds has no admin list: the real repository pages it');
  }
}

import { Injectable } from '@nestjs/common';
import { SubscriptionRefunds } from '../../subscriptions/application/subscription-refunds.port';
import type { RefundSummary } from '../../subscriptions/domain/refund-summary';
import { formatMinorUnits } from '../../../kernel/money';
import type { PaymentOrder } from '../domain/payment-order';
import type { Refund, RefundRequest } from '../domain/refund';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { RefundRepository } from './refund.repository.port';

/** What the subscription's bodies show of an order's refunds and requests (docs/refunds.md). */
export function summaryOf(order: Pick<PaymentOrder, 'amount' | 'currency'>, refunds: Refund[], requests: RefundRequest[]): RefundSummary | null {
  // A second payment's refund is not the order's money (docs/refunds.md#second-payments).
  refunds = refunds.filter((r) => r.reason !== 'second_payment');
  if (refunds.length === 0 && requests.length === 0) return null;
  // Staff's extras (requestId) name any open request; the customer's words (requestState, message) only theirs.
  const live = refunds.filter((r) => r.state !== 'failed');
  const processed = refunds.filter((r) => r.state === 'processed');
  const sum = (list: Refund[]) => list.reduce((total, r) => total + r.amount, 0);
  const latest = refunds[refunds.length - 1];
  const request = requests[requests.length - 1];
  // The customer reads only their own requests: an automatic refund waiting for staff is not something they asked for.
  const asked = requests.filter((r) => r.source === 'customer').at(-1);
  const settled = processed.map((r) => r.settledAt?.getTime() ?? 0).filter((t) => t > 0);
  const requested = sum(live);
  return {
    state: live.some((r) => r.state === 'pending') ? 'pending' : processed.length ? 'processed' : refunds.length ? 'failed' : null,
    requested: formatMinorUnits(requested, order.currency),
    refunded: formatMinorUnits(sum(processed), order.currency),
    currency: order.currency,
    refundedAt: settled.length ? new Date(Math.max(...settled)).toISOString() : null,
    requestState: asked?.state ?? null,
    message: asked?.state === 'declined' ? asked.message : null,
    refundable: formatMinorUnits(Math.max(0, order.amount - requested), order.currency),
    requestId: request?.state === 'open' ? request.requestId : null,
    staffRequestState: request?.state ?? null,
    failure: latest?.state === 'failed' ? latest.failureReason : null,
  };
}

/**
 * Writes an order's summary onto its subscription; called in the transaction of every refund change.
 * It reads under the order's row lock: two changes of one order (staff's second refund, the gateway
 * settling the first) would otherwise each write what they saw, and the later commit would keep a
 * summary without the other's refund.
 */
@Injectable()
export class RefundSummaries {
  constructor(
    private readonly orders: PaymentOrderRepository,
    private readonly refunds: RefundRepository,
    private readonly subscriptions: SubscriptionRefunds,
  ) {}

  async refresh(order: PaymentOrder): Promise<void> {
    if (!order.subscriptionId) return;
    await this.orders.lockById(order.orderId);
    const [refunds, requests] = [await this.refunds.ofOrder(order.orderId), await this.refunds.requestsOfOrder(order.orderId)];
    await this.subscriptions.noteSummary(order.subscriptionId, summaryOf(order, refunds, requests));
  }
}

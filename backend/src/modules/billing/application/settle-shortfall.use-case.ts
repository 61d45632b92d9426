import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { Clock } from '../../../platform/time/clock';
import { SubscriptionRefunds } from '../../subscriptions/application/subscription-refunds.port';
import { shortfallNote, undeliveredAmount, undeliveredKey, type FinishedOrder, type Refund } from '../domain/refund';
import { IssueRefund } from './issue-refund';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { RefundRepository } from './refund.repository.port';
import { RefundSummaries } from './refund-summaries';

export type ShortfallOutcome = 'refunded' | 'requested' | 'nothing_owed' | 'not_due';

/** Orders settled per sweep; the next sweep goes on with the rest. */
const SWEEP_BATCH = 100;

/**
 * Automatic refunds of what the provider did not deliver (docs/refunds.md): for an order it finished
 * Canceled, Refunded or Partial, or that staff cancelled before it was placed. In one transaction:
 * lock the order, claim the settlement on the subscription (a conditional UPDATE: once, whoever else
 * tries), then
 * store the refund (key `undelivered-<subscription>`, unique: a second can never exist) or, with
 * REFUND_UNDELIVERED=review or remains that cannot be trusted, an open request for staff. After the
 * commit, the gateway call. Run by the `settle-shortfall` job the fulfilment module enqueues when it
 * records a final word, and by the sweep for any the job missed.
 */
@Injectable()
export class SettleShortfallUseCase {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly config: AppConfig,
    private readonly uow: UnitOfWork,
    private readonly subscriptions: SubscriptionRefunds,
    private readonly orders: PaymentOrderRepository,
    private readonly refunds: RefundRepository,
    private readonly summaries: RefundSummaries,
    private readonly issue: IssueRefund,
    private readonly clock: Clock,
  ) {}

  async execute(subscriptionId: string): Promise<ShortfallOutcome> {
    const settled = await this.uow.run(async (): Promise<{ outcome: ShortfallOutcome; refund?: Refund }> => {
      // The order's row lock first, then the subscription's: the order every refund path takes them in
      // (IssueRefund locks the order, then writes the summary), so two of them never wait on each other.
      const found = await this.subscriptions.findById(subscriptionId);
      if (!found) return { outcome: 'not_due' };
      const order = await this.orders.lockById(found.orderId);
      const subscription = await this.subscriptions.claimShortfall(subscriptionId, this.clock.now());
      if (!subscription) return { outcome: 'not_due' };
      if (!order || order.status !== 'paid') return { outcome: 'nothing_owed' };
      const finished: FinishedOrder = {
        status: subscription.status,
        fulfilmentState: subscription.fulfilment?.state ?? null,
        quantity: subscription.fulfilment?.quantity ?? null,
        remains: subscription.fulfilment?.remains ?? null,
      };
      const owed = undeliveredAmount(order.amount, finished);
      const left = order.amount - order.refundedAmount;
      const amount = owed === null ? null : Math.min(owed, left);
      if (amount === 0) return { outcome: 'nothing_owed' };
      const note = shortfallNote(finished);
      if (amount === null || this.config.refunds.undelivered === 'review') {
        const stored = await this.refunds.insertRequest({
          requestId: randomUUID(),
          orderId: order.orderId,
          subscriptionId: subscription.subscriptionId,
          source: 'undelivered',
          reason: note,
          amount,
          currency: order.currency,
          state: 'open',
          message: null,
          refundId: null,
          decidedBy: null,
          decidedAt: null,
          createdAt: this.clock.now(),
        });
        // A customer's request is open already: staff see it, and decide with what fell short in view.
        if (stored === 'already_open') this.logger.warn(`Order ${order.orderId} finished short (${note}) while a refund request was open: left to staff`);
        await this.summaries.refresh(order);
        return { outcome: 'requested' };
      }
      const refund = await this.issue.record({
        orderId: order.orderId,
        amount,
        reason: 'undelivered',
        note,
        actor: { role: 'system', id: null },
        idempotencyKey: undeliveredKey(subscription.subscriptionId),
      });
      return { outcome: 'refunded', refund };
    });
    if (settled.refund) await this.issue.send(settled.refund);
    return settled.outcome;
  }

  /** Settles the orders finished short that no job settled (lost job, a stop in between). */
  async sweep(): Promise<number> {
    const due = await this.subscriptions.dueShortfalls(SWEEP_BATCH);
    let settled = 0;
    for (const subscriptionId of due) {
      if ((await this.execute(subscriptionId)) !== 'not_due') settled += 1;
    }
    return settled;
  }
}

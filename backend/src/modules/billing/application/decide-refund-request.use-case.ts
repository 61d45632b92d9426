import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { SubscriptionRefunds } from '../../subscriptions/application/subscription-refunds.port';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { formatMinorUnits } from '../../../kernel/money';
import { refundRequestNotFound } from '../domain/billing.errors';
import type { Refund, RefundRequest } from '../domain/refund';
import { IssueRefund } from './issue-refund';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { refundDeclinedMail } from './refund.mails';
import { RefundRepository } from './refund.repository.port';
import { RefundSummaries } from './refund-summaries';
import { staffAmount } from './staff-amount';

export interface RefundDecision {
  requestId: string;
  approve: boolean;
  /** Decimal text in the order's currency; absent: the request's amount, else all that is left. */
  amount?: string;
  /** Required to decline: the customer reads it. */
  message?: string;
}

/**
 * POST /admin/refund-requests/decide: staff approve a request (a refund is issued: the request's
 * proposed amount, the amount staff give, or all that is left) or decline it with a message the
 * customer reads (by mail and on the card). The decision is a conditional UPDATE on an open request,
 * made in the transaction that stores the refund, under the order's row lock: of two staff deciding
 * at once (approve and decline alike) one wins, the other gets a 409 and nothing of theirs is
 * stored. Audited ('refund_request.approve' / '.decline').
 */
@Injectable()
export class DecideRefundRequestUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly refunds: RefundRepository,
    private readonly orders: PaymentOrderRepository,
    private readonly subscriptions: SubscriptionRefunds,
    private readonly issue: IssueRefund,
    private readonly summaries: RefundSummaries,
    private readonly mailer: Mailer,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Principal, decision: RefundDecision): Promise<{ request: RefundRequest; refund: Refund | null; subscription: Subscription | null }> {
    const request = await this.refunds.findRequest(decision.requestId);
    if (!request) throw refundRequestNotFound();
    if (request.state !== 'open') throw alreadyDecided();
    const message = decision.message?.trim() ? decision.message.trim() : null;
    if (!decision.approve && !message) throw new AppError('invalid', 'message is required to decline a request (the customer reads it)', 'invalid_message');
    const amount = decision.approve ? (staffAmount(decision.amount, request.currency) ?? request.amount) : null;

    const recorded = await this.uow.run(async () => {
      // Locks in one order, as every refund writer takes them: the order's row, then the request's
      // (the conditional UPDATE), then the subscription's summary. A decline that locked the request
      // first deadlocked PostgreSQL against an approval holding the order.
      await this.orders.lockById(request.orderId);
      const current = await this.refunds.findRequest(request.requestId);
      if (current?.state !== 'open') throw alreadyDecided();
      const refund = decision.approve
        ? await this.issue.record({
            orderId: request.orderId,
            amount,
            reason: request.source === 'undelivered' ? 'undelivered' : 'customer_request',
            note: request.reason,
            actor: { role: 'admin', id: caller.id },
          })
        : null;
      const decided = await this.refunds.decideRequest(
        request.requestId,
        { state: decision.approve ? 'approved' : 'declined', message, refundId: refund?.refundId ?? null, decidedBy: caller.id },
        this.clock.now(),
      );
      if (!decided) throw alreadyDecided();
      const order = await this.orders.findById(request.orderId);
      if (!order) throw new Error(`Refund request ${request.requestId} belongs to order ${request.orderId}, which is not stored`);
      await this.summaries.refresh(order);
      // Only a customer who asked hears the answer; an automatic refund staff decline was never promised.
      if (!refund && message && request.source === 'customer') await this.mailer.send(refundDeclinedMail(order, message));
      await this.audit.record(caller, {
        action: decision.approve ? 'refund_request.approve' : 'refund_request.decline',
        entity: 'subscription',
        entityId: request.subscriptionId,
        before: { requestId: request.requestId, state: 'open' },
        after: refund
          ? { state: 'approved', refundId: refund.refundId, amount: formatMinorUnits(refund.amount, refund.currency), currency: refund.currency }
          : { state: 'declined', message },
      });
      return refund;
    });
    const refund = recorded ? await this.issue.send(recorded) : null;
    return {
      request: (await this.refunds.findRequest(request.requestId)) ?? request,
      refund,
      subscription: await this.subscriptions.findById(request.subscriptionId),
    };
  }
}

function alreadyDecided(): AppError {
  return new AppError('conflict', 'This refund request was already decided.', 'refund_request_decided');
}

import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../platform/time/clock';
import { IssueRefund } from './issue-refund';
import { PaymentGateway, RefundCallError } from './payment-gateway.port';
import { RefundRepository } from './refund.repository.port';
import { SettleRefund } from './settle-refund';

/** A pending refund younger than this is still being sent or settled by its own request or webhook. */
export const REFUND_QUIET_MS = 60_000;
const BATCH = 100;

export interface RefundReconcileReport {
  checked: number;
  resent: number;
  settled: number;
  unclear: number;
}

/**
 * The refunds' reconciler (docs/refunds.md), part of billing's repeating sweep: every refund left
 * `pending` for over a minute is either sent again with its own idempotency key (no gateway id yet:
 * the first call timed out or the app stopped before it) or asked about (GET the refund), and
 * settled when the gateway has a final word. Least recently checked first, so each gets its turn.
 */
@Injectable()
export class ReconcileRefundsUseCase {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly refunds: RefundRepository,
    private readonly gateway: PaymentGateway,
    private readonly issue: IssueRefund,
    private readonly settle: SettleRefund,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<RefundReconcileReport> {
    const now = this.clock.now();
    const report: RefundReconcileReport = { checked: 0, resent: 0, settled: 0, unclear: 0 };
    const due = await this.refunds.duePending(new Date(now.getTime() - REFUND_QUIET_MS), BATCH);
    for (const refund of due) {
      report.checked += 1;
      await this.refunds.markChecked(refund.refundId, now);
      if (!refund.gatewayRefundId) {
        report.resent += 1;
        const after = await this.issue.send(refund);
        if (after.state !== 'pending') report.settled += 1;
        continue;
      }
      try {
        const answer = await this.gateway.refundState(refund.gatewayRefundId);
        if (
          answer.status !== 'pending' &&
          (await this.settle.execute(refund, answer.status, answer.status === 'failed' ? 'The payment gateway could not process the refund.' : undefined))
        ) {
          report.settled += 1;
        }
      } catch (error) {
        if (!(error instanceof RefundCallError)) throw error;
        report.unclear += 1;
        this.logger.warn(`Refund ${refund.refundId}: the gateway could not say how it stands (${error.message}); next sweep`);
      }
    }
    if (report.checked) this.logger.log(`Refund sweep: ${JSON.stringify(report)}`);
    return report;
  }
}

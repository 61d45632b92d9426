import { Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import { Clock } from '../../../platform/time/clock';
import { CompletePayment } from './complete-payment';
import { PaymentGateway } from './payment-gateway.port';
import type { PaymentOrder } from '../domain/payment-order';
import { PaymentOrderRepository } from './payment-order.repository.port';

const MINUTE = 60_000;
/** An order is "stuck" once its checkout has had this long to come back. */
export const STUCK_AFTER_MS = 5 * MINUTE;
/** Orders older than this are not asked about any more. */
const GIVE_UP_AFTER_MS = 7 * 24 * 60 * MINUTE;
/** A declined order is still asked about this long: a later attempt in the same checkout may succeed. */
const RECHECK_FAILED_FOR_MS = 60 * MINUTE;
/** Only declined attempts and this old: the customer has left; the order is failed. */
const FAIL_DECLINED_AFTER_MS = 30 * MINUTE;
/** No attempt at all after this long: the order is failed. */
const FAIL_UNTOUCHED_AFTER_MS = 24 * 60 * MINUTE;
const BATCH = 100;

export interface ReconcileReport {
  checked: number;
  completed: number;
  failed: number;
  unreachable: number;
  /** Captured payments that were not honoured (an expired or withdrawn order): refunded in full. */
  refunded: number;
  /** Orders whose handling raised an unexpected error (logged; the job then fails so the queue records it). */
  errors: number;
}

/**
 * The stuck-order sweep ("paid but still pending"), run by a repeating job: asks the gateway about
 * every order left unpaid for more than STUCK_AFTER_MS, completes those with a captured payment of
 * the right amount and fails those that were declined or never paid. (Confirmation mails need no
 * sweep: each is written to the mail outbox with its subscription, in one transaction.)
 */
@Injectable()
export class ReconcileOrdersUseCase {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly orders: PaymentOrderRepository,
    private readonly gateway: PaymentGateway,
    private readonly complete: CompletePayment,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<ReconcileReport> {
    const now = this.clock.now().getTime();
    const report: ReconcileReport = { checked: 0, completed: 0, failed: 0, unreachable: 0, refunded: 0, errors: 0 };
    const due = await this.orders.dueForCheck(
      { from: new Date(now - GIVE_UP_AFTER_MS), to: new Date(now - STUCK_AFTER_MS), failedFrom: new Date(now - RECHECK_FAILED_FOR_MS) },
      BATCH,
    );
    for (const order of due) {
      report.checked += 1;
      try {
        await this.check(order, now, report);
      } catch (error) {
        // One order's trouble (a database blip...) must not starve the others: log it, go on, fail the job at the end.
        report.errors += 1;
        this.logger.error(`Stuck order ${order.orderId} could not be checked: ${(error as Error).message}`, (error as Error).stack);
      }
    }
    if (report.completed || report.failed || report.refunded || report.errors) this.logger.log(`Stuck-order sweep: ${JSON.stringify(report)}`);
    if (report.errors) throw new Error(`Stuck-order sweep: ${report.errors} of ${report.checked} orders could not be checked (see the log above)`);
    return report;
  }

  private async check(order: PaymentOrder, now: number, report: ReconcileReport): Promise<void> {
    let payments;
    try {
      payments = await this.gateway.paymentsOf(order.orderId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      report.unreachable += 1;
      this.logger.warn(`Stuck order ${order.orderId}: the gateway did not answer (${error.message}); next sweep`);
      return;
    }
    await this.orders.markChecked(order.orderId, new Date(now));
    const captured = payments.find((p) => p.status === 'captured' && p.amount === order.amount && p.currency === order.currency);
    const age = now - order.createdAt.getTime();
    if (captured) {
      // When the payment was made decides whether the order's price still stood (not when we learn of it).
      const outcome = await this.complete.execute(order.orderId, captured.id, 'reconcile', undefined, captured.createdAt ?? undefined);
      if (outcome.subscription) report.completed += 1;
      else report.refunded += 1;
      // Every other capture on the order is a second payment (CompletePayment refunds those it is handed).
      for (const other of payments) {
        if (other.status === 'captured' && other.id !== outcome.order.paymentId) await this.complete.execute(order.orderId, other.id, 'reconcile');
      }
    } else if (order.status !== 'created') {
      return; // already failed: only a later success changes it
    } else if (payments.length > 0 && payments.every((p) => p.status === 'failed') && age > FAIL_DECLINED_AFTER_MS) {
      await this.orders.markFailed(order.orderId, payments.find((p) => p.errorDescription)?.errorDescription ?? 'The payment failed.');
      report.failed += 1;
    } else if (payments.length === 0 && age > FAIL_UNTOUCHED_AFTER_MS) {
      await this.orders.markFailed(order.orderId, 'No payment was made for this order.');
      report.failed += 1;
    }
  }
}

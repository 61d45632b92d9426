import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { Clock } from '../../../platform/time/clock';
import { RefillLedger } from '../application/refill-ledger.port';
import type { RefillActor } from '../../../kernel/delivery-summary';
import { customerRefusal, REFILL_IN_FLIGHT } from '../domain/refill';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { boundedText } from '../domain/bounded-text';
import { notYourOrderToAsk, subscriptionNotFound } from '../../subscriptions/domain/subscriptions.errors';
import { refundedInFull } from '../../subscriptions/domain/refund-summary';
import { PROVIDER_ERROR_CHARS, ProviderError, ProviderPanel } from './provider-panel.port';
import { REFILL_CLOSED_BY_STAFF_NOTE, refillUnclearNote } from './refill-notes';

export const REFILL_IN_FLIGHT_MESSAGE = 'A refill for this order is already under way. You can ask for another once it is finished.';
export const STAFF_REFILL_IN_FLIGHT_MESSAGE = 'A refill for this order is already under way with the provider; wait until it is settled.';
export const REFILL_NOT_PLACED_MESSAGE = 'This order was not placed with the provider, so there is nothing to refill.';
export const REFILLS_OFF_MESSAGE = 'Refills are not available right now. Please contact support.';
export const REFILL_UNREACHABLE_MESSAGE = 'The provider could not be reached, so nothing was requested. Please try again in a few minutes.';

export type RefillOutcome = 'placed' | 'rejected' | 'unsupported' | 'review';

/**
 * POST /subscription/refill (the order's owner) and POST /admin/fulfilment/refill (staff): asks the
 * provider to top up an order, at most once per request (docs/refill.md).
 *
 * 1. In one transaction, with the order's row locked (concurrent requests for one order wait for
 *    each other): the rules (the customer's: not refunded in full, Completed or Partial, a guarantee
 *    still running, none in flight, the last request 24 hours old; staff's: placed upstream, none `placing` or `open`), and
 *    the refill recorded as `placing`, committed BEFORE the call. The unique partial index of refills
 *    in flight holds the rule whoever writes. Staff's request is audited in that transaction; a
 *    refill in `review` is closed by it (staff checked the panel and ask again).
 * 2. `refill` {order}. Its answer: an id → `open` (the sync pass follows it); a refusal → `rejected`
 *    with the provider's words for staff (a panel without the action: `unsupported`, said once on the
 *    provider card); a timeout or unreadable answer → `review`, never a second call; nothing reached
 *    the provider → the record is removed and the request answered 503 (nothing was asked).
 * Returns the order as it is now.
 */
@Injectable()
export class RequestRefillUseCase {
  private readonly logger = new Logger('Refills');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly refills: RefillLedger,
    private readonly panel: ProviderPanel,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Principal, subscriptionId: string): Promise<{ subscription: Subscription; outcome: RefillOutcome }> {
    const actor: RefillActor = caller.role === 'admin' ? 'staff' : 'customer';
    const recorded = await this.uow.run(async () => {
      const order = await this.refills.lockSubscription(subscriptionId);
      if (!order) throw subscriptionNotFound();
      if (actor === 'customer' && caller.id !== order.userId) {
        throw notYourOrderToAsk('refills');
      }
      const upstreamOrderId = order.fulfilment?.upstreamOrderId ?? null;
      const now = this.clock.now();
      if (actor === 'customer') this.customerRules(order, upstreamOrderId, now);
      else this.staffRules(order, upstreamOrderId);
      if (!this.panel.enabled) throw new AppError('conflict', REFILLS_OFF_MESSAGE, 'refills_off');

      const closed = actor === 'staff' ? await this.refills.closeReview(subscriptionId, REFILL_CLOSED_BY_STAFF_NOTE, now) : null;
      const refillId = randomUUID();
      const inserted = await this.refills.insertPlacing({
        refillId,
        subscriptionId,
        actor,
        actorId: caller.id,
        upstreamOrderId: upstreamOrderId as string,
        requestedAt: now,
      });
      if (!inserted) throw inFlight(actor);
      if (actor === 'staff') {
        await this.audit.record(caller, {
          action: 'fulfilment.refill',
          entity: 'subscription',
          entityId: subscriptionId,
          before: closed ? { reviewRefillId: closed } : null,
          after: { refillId, upstreamOrderId },
        });
      }
      return { refillId, upstreamOrderId: upstreamOrderId as string };
    });

    const outcome = await this.place(subscriptionId, recorded.refillId, recorded.upstreamOrderId);
    const subscription = await this.refills.findById(subscriptionId);
    if (!subscription) throw subscriptionNotFound();
    return { subscription, outcome };
  }

  private customerRules(order: Subscription, upstreamOrderId: string | null, now: Date): void {
    const refills = order.refills ?? { days: 0, completedAt: null, history: [] };
    const refusal = customerRefusal({ status: order.status, upstreamOrderId, refills, refundedInFull: refundedInFull(order.refund) }, now);
    if (refusal) throw new AppError(refusal.kind, refusal.message, refusal.code);
  }

  private staffRules(order: Subscription, upstreamOrderId: string | null): void {
    if (!upstreamOrderId) throw new AppError('invalid', REFILL_NOT_PLACED_MESSAGE, 'refill_not_placed');
    const latest = order.refills?.history[0];
    // A refill in review is staff's to close by asking again; one placing or open is still the provider's.
    if (latest && REFILL_IN_FLIGHT.includes(latest.state) && latest.state !== 'review') throw inFlight('staff');
  }

  /** The provider call and its recording (see the class). */
  private async place(subscriptionId: string, refillId: string, upstreamOrderId: string): Promise<RefillOutcome> {
    let upstreamRefillId: string;
    try {
      upstreamRefillId = await this.panel.refill(upstreamOrderId);
    } catch (error) {
      return this.failed(subscriptionId, refillId, error);
    }
    try {
      if (!(await this.refills.markPlaced(refillId, upstreamRefillId, this.clock.now()))) {
        this.logger.error(
          `Refill ${refillId} of order ${subscriptionId} WAS PLACED upstream as refill ${upstreamRefillId}, but it was no longer 'placing' when the answer came`,
        );
      }
    } catch (error) {
      const why = (error as Error).message;
      this.logger.error(
        `Refill ${refillId} of order ${subscriptionId} WAS PLACED upstream as refill ${upstreamRefillId}, but storing it failed (${why}): do not ask again`,
      );
      await this.refills.toReview(
        refillId,
        `Asked upstream as refill ${upstreamRefillId}, but the app could not record it (${boundedText(why, PROVIDER_ERROR_CHARS)}): do not ask again; follow refill ${upstreamRefillId} on the provider panel`,
        this.clock.now(),
      );
      return 'review';
    }
    return 'placed';
  }

  private async failed(subscriptionId: string, refillId: string, error: unknown): Promise<RefillOutcome> {
    const why = boundedText((error as Error)?.message ?? String(error), PROVIDER_ERROR_CHARS) ?? 'no reason given';
    const now = this.clock.now();
    if (error instanceof ProviderError && error.failure === 'unreachable') {
      await this.refills.discard(refillId);
      this.logger.warn(`Refill of order ${subscriptionId} not asked: ${why}`);
      throw new AppError('unavailable', REFILL_UNREACHABLE_MESSAGE, 'provider_unreachable');
    }
    if (error instanceof ProviderError && error.failure === 'rejected') {
      await this.refills.reject(refillId, why, error.unsupported, now);
      if (error.unsupported)
        this.logger.warn(`The provider panel has no refill action (it answered "${why}"): refills of order ${subscriptionId} and any other are refused`);
      else this.logger.warn(`The provider refused the refill of order ${subscriptionId}: ${why}`);
      return error.unsupported ? 'unsupported' : 'rejected';
    }
    // Unclear (a timeout, an HTTP error, an unreadable answer) or not the adapter's: it may have been taken.
    await this.refills.toReview(refillId, refillUnclearNote(why), now);
    this.logger.warn(`Refill ${refillId} of order ${subscriptionId} needs review: ${why}`);
    return 'review';
  }
}

function inFlight(actor: RefillActor): AppError {
  return new AppError('conflict', actor === 'staff' ? STAFF_REFILL_IN_FLIGHT_MESSAGE : REFILL_IN_FLIGHT_MESSAGE, 'refill_in_flight');
}

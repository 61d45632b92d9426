import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { linkNotInReview } from '../domain/fulfilment.errors';
import { Clock } from '../../../platform/time/clock';
import { FulfilmentLedger, type UpstreamOrderHolder, UpstreamOrderTaken } from '../application/fulfilment-ledger.port';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { subscriptionNotFound } from '../../subscriptions/domain/subscriptions.errors';
import { askProvider, panelOff } from './provider-calls';
import { ProviderPanel } from './provider-panel.port';
import { SHORT_STATUSES, ShortfallJobs } from './shortfall-jobs';
import { updateOf } from './upstream-sync';

export const unknownUpstreamOrder = (upstreamOrderId: string, why: string) =>
  new AppError('invalid', `The provider does not know order ${upstreamOrderId}: ${why}`, 'upstream_order_unknown');
/** 409: one provider order never delivers two of ours (docs/fulfilment.md, "One provider order, one order of ours"). */
export const upstreamOrderTaken = (upstreamOrderId: string, holder: UpstreamOrderHolder | null) =>
  new AppError(
    'conflict',
    `Provider order ${upstreamOrderId} is already linked to ${holder ? `order ${holder.orderId}` : 'another order'}: one provider order cannot deliver two orders. Find this order's own id on the panel`,
    'upstream_order_taken',
  );

/**
 * POST /admin/fulfilment/link: the other way out of "needs review". After an unclear answer the
 * order often WAS placed; staff find it on the provider panel and give its id here, instead of a
 * retry (a second order) or a cancel (the customer would read Canceled while it is delivered).
 *
 * The provider is asked about that id first (a typo must not attach someone else's order): an id it
 * does not know is refused (400), a provider that does not answer is a 502 and changes nothing. Then,
 * in one transaction: `needs_review` → `open` with that id, the provider's answer stored as a sync
 * pass would store it (a final word ends the order at once), and the audit record
 * ('fulfilment.link'); a final word short of the order is handed to billing's refund, as the sync
 * pass does. Returns the subscription as it is now.
 *
 * An id another order already holds (`open` or `done`) is refused with 409 naming that order, before
 * the provider is asked; the database's unique index refuses it too when two links race.
 */
@Injectable()
export class LinkUpstreamOrderUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ledger: FulfilmentLedger,
    private readonly panel: ProviderPanel,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly shortfalls: ShortfallJobs,
  ) {}

  async execute(caller: Principal, subscriptionId: string, upstreamOrderId: string): Promise<Subscription> {
    const before = await this.ledger.findById(subscriptionId);
    if (!before) throw subscriptionNotFound();
    if (before.fulfilment?.state !== 'needs_review') throw linkNotInReview();
    if (!this.panel.enabled) throw panelOff();
    const holder = await this.ledger.holderOf(upstreamOrderId);
    if (holder && holder.subscriptionId !== subscriptionId) throw upstreamOrderTaken(upstreamOrderId, holder);

    const answers = await askProvider(() => this.panel.statuses([upstreamOrderId]));
    const answer = answers.get(upstreamOrderId);
    if (!answer) throw unknownUpstreamOrder(upstreamOrderId, 'it did not report it');
    if ('error' in answer) throw unknownUpstreamOrder(upstreamOrderId, answer.error);

    const update = updateOf({ subscriptionId, quantity: before.fulfilment.quantity }, answer);
    const linked = await this.linkOnce(upstreamOrderId, () =>
      this.uow.run(async () => {
        const now = this.clock.now();
        const linked = await this.ledger.link(subscriptionId, upstreamOrderId, now);
        if (!linked) throw subscriptionNotFound();
        if (!linked.changed) throw linkNotInReview();
        await this.ledger.recordUpstream([update], now);
        await this.audit.record(caller, {
          action: 'fulfilment.link',
          entity: 'subscription',
          entityId: subscriptionId,
          before: { state: 'needs_review', note: before.fulfilment?.note ?? null },
          after: { state: 'open', upstreamOrderId, upstreamStatus: update.upstreamStatus },
        });
        return (await this.ledger.findById(subscriptionId)) ?? linked.subscription;
      }),
    );
    // Linked to an order the provider already finished short: billing refunds what was not delivered (docs/refunds.md).
    if (update.finalStatus !== undefined && SHORT_STATUSES.includes(update.finalStatus)) await this.shortfalls.enqueue([subscriptionId]);
    return linked;
  }

  /** Runs the link's transaction; another order taking the id meanwhile (the index refused it) is a 409 naming that order. */
  private async linkOnce<T>(upstreamOrderId: string, link: () => Promise<T>): Promise<T> {
    try {
      return await link();
    } catch (error) {
      if (!(error instanceof UpstreamOrderTaken)) throw error;
      // The refusal ended the transaction: the holder is read after it.
      throw upstreamOrderTaken(upstreamOrderId, error.holder ?? (await this.ledger.holderOf(upstreamOrderId)));
    }
  }
}

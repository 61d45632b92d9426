import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { SubscriptionRefunds } from '../../application/subscription-refunds.port';
import type { RefundSummary } from '../../domain/refund-summary';
import type { Subscription } from '../../domain/subscription';
import { updatedRows } from '../../../../platform/database/updated-rows';
import { withDelivery } from './delivery-summary.query';
import { SubscriptionOrmEntity } from './subscription.orm-entity';
import { isUuid } from '../../../../kernel/uuid';
import { ORDER_STATUS, orderStatusList, SHORT_STATUSES } from '../../../../kernel/order-status';

/**
 * Finished short: the condition of the partial index subscriptions_shortfall_due_idx (migration
 * 1765300000000-fulfilments), and the fulfilment finished (its row `done` or `canceled`).
 */
const FINISHED_SHORT = `shortfall_settled_at IS NULL AND status IN ${orderStatusList(SHORT_STATUSES)}
  AND EXISTS (SELECT 1 FROM fulfilments f WHERE f.subscription_id = subscriptions.subscription_id AND f.fulfilment_state IN ('done', 'canceled'))`;

/** SubscriptionRefunds on the subscriptions table; every statement runs in the caller's UnitOfWork. */
@Injectable()
export class TypeOrmSubscriptionRefunds extends SubscriptionRefunds {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  async findById(subscriptionId: string): Promise<Subscription | null> {
    if (!isUuid(subscriptionId)) return null;
    const row = await this.uow.repository(SubscriptionOrmEntity).findOneBy({ subscriptionId });
    return withDelivery(this.uow.manager(), row);
  }

  async noteSummary(subscriptionId: string, summary: RefundSummary | null): Promise<void> {
    if (!isUuid(subscriptionId)) return;
    await this.uow
      .manager()
      .query(`UPDATE subscriptions SET refund_summary = $2::jsonb WHERE subscription_id = $1`, [subscriptionId, summary === null ? null : JSON.stringify(summary)]);
  }

  async endRefunded(subscriptionId: string, now: Date): Promise<boolean> {
    if (!isUuid(subscriptionId)) return false;
    const ended = await updatedRows(
      this.uow.manager(),
      `UPDATE subscriptions SET status = ${ORDER_STATUS.Refunded}, updated_at = $2 WHERE subscription_id = $1 AND status = ${ORDER_STATUS.InProcess} RETURNING subscription_id`,
      [subscriptionId, now],
    );
    return ended.length > 0;
  }

  async claimShortfall(subscriptionId: string, now: Date): Promise<Subscription | null> {
    if (!isUuid(subscriptionId)) return null;
    const claimed = await updatedRows(
      this.uow.manager(),
      `UPDATE subscriptions SET shortfall_settled_at = $2 WHERE subscription_id = $1 AND ${FINISHED_SHORT} RETURNING subscription_id`,
      [subscriptionId, now],
    );
    return claimed.length ? this.findById(subscriptionId) : null;
  }

  async dueShortfalls(limit: number): Promise<string[]> {
    const take = Number.isFinite(limit) ? Math.min(10_000, Math.max(0, Math.floor(limit))) : 0;
    if (take === 0) return [];
    const rows = (await this.uow
      .manager()
      .query(`SELECT subscription_id FROM subscriptions WHERE ${FINISHED_SHORT} ORDER BY updated_at, subscription_id LIMIT ${take}`)) as Array<{
      subscription_id: string;
    }>;
    return rows.map((row) => row.subscription_id);
  }
}

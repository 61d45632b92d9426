import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { updatedRows } from '../../../../platform/database/updated-rows';
import { type CompletedOrder, OrderCompletions } from '../../application/order-completions.port';
import { dateOf } from '../../../../platform/database/date-of';
import { isUuid } from '../../../../kernel/uuid';
import { ORDER_STATUS } from '../../../../kernel/order-status';

type Row = {
  subscription_id: string;
  order_id: string;
  customer_email: string;
  customer_name: string;
  plan_name: string;
  tier_name: string | null;
  profile_link: string;
  refill_days: number;
  completed_at: Date | string | null;
};

/** The refill guarantee as bought is the fulfilment row's (migration 1765300000000-fulfilments); none on the manual path. */
const RETURNING = `RETURNING subscription_id, order_id, customer_email, customer_name, plan_name, pricing->>'name' AS tier_name, profile_link,
  coalesce((SELECT f.refill_days FROM fulfilments f WHERE f.subscription_id = subscriptions.subscription_id), 0) AS refill_days, completed_at`;

function toCompleted(row: Row): CompletedOrder {
  return {
    subscriptionId: row.subscription_id,
    orderId: row.order_id,
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    planName: row.plan_name,
    tierName: row.tier_name ?? '',
    profileLink: row.profile_link,
    refillDays: Number(row.refill_days) || 0,
    completedAt: dateOf(row.completed_at),
  };
}

/** OrderCompletions on subscriptions.completion_mailed_at (on the partial index of Completed orders not mailed). */
@Injectable()
export class TypeOrmOrderCompletions extends OrderCompletions {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  async claim(subscriptionIds: string[], now: Date): Promise<CompletedOrder[]> {
    const ids = [...new Set(subscriptionIds.filter((id) => isUuid(id)))];
    if (ids.length === 0) return [];
    const rows = await updatedRows<Row>(
      this.uow.manager(),
      `UPDATE subscriptions SET completion_mailed_at = $2
        WHERE subscription_id = ANY($1::uuid[]) AND status = ${ORDER_STATUS.Completed} AND completion_mailed_at IS NULL ${RETURNING}`,
      [ids, now],
    );
    return rows.map(toCompleted);
  }

  async claimDue(limit: number, now: Date): Promise<CompletedOrder[]> {
    const take = Number.isFinite(limit) ? Math.min(1_000, Math.max(0, Math.floor(limit))) : 0;
    if (take === 0) return [];
    const rows = await updatedRows<Row>(
      this.uow.manager(),
      `UPDATE subscriptions SET completion_mailed_at = $1
        WHERE subscription_id IN (
          SELECT subscription_id FROM subscriptions WHERE status = ${ORDER_STATUS.Completed} AND completion_mailed_at IS NULL
           ORDER BY subscription_id LIMIT ${take} FOR UPDATE SKIP LOCKED)
          AND status = ${ORDER_STATUS.Completed} AND completion_mailed_at IS NULL ${RETURNING}`,
      [now],
    );
    return rows.map(toCompleted);
  }
}

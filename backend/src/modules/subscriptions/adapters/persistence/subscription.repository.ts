import { Injectable } from '@nestjs/common';
import { type FindOptionsOrder, type FindOptionsWhere, Not } from 'typeorm';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { SubscriptionRepository } from '../../application/subscription.repository.port';
import { SUBSCRIPTION_STATUS, type NewPurchase, type Subscription } from '../../domain/subscription';
import type { SubscriptionList } from '../../domain/subscription-list';
import { toSubscription } from './subscription.mapper';
import { SubscriptionOrmEntity } from './subscription.orm-entity';

/** Newest first; subscription_id breaks ties between equal times, so pages never overlap or skip. */
const NEWEST_FIRST: FindOptionsOrder<SubscriptionOrmEntity> = { createdAt: 'DESC', subscriptionId: 'DESC' };

/** TypeORM implementation; every query runs in the caller's UnitOfWork transaction when there is one. */
@Injectable()
export class TypeOrmSubscriptionRepository extends SubscriptionRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  async insertOnce(purchase: NewPurchase): Promise<{ subscription: Subscription; created: boolean }> {
    const rows = this.uow.repository(SubscriptionOrmEntity);
    // ON CONFLICT DO NOTHING on the unique order_id index: no check-then-insert race.
    const result = await rows
      .createQueryBuilder()
      .insert()
      .values({ ...purchase, pricing: { ...purchase.pricing }, status: 0 })
      .orIgnore()
      .returning(['subscriptionId'])
      .execute();
    const created = (result.raw as unknown[]).length > 0;
    const row = await rows.findOneByOrFail({ orderId: purchase.orderId });
    return { subscription: toSubscription(row), created };
  }

  async findByOrderId(orderId: string): Promise<Subscription | null> {
    const row = await this.uow.repository(SubscriptionOrmEntity).findOneBy({ orderId });
    return row ? toSubscription(row) : null;
  }

  /**
   * Two statements on the (user_id, status, created_at DESC) index: a count, then the page by
   * OFFSET/LIMIT. The page query is skipped when the page starts past the end. Active is
   * `status = 0` (an index range in created_at order); Completed is `status <> 0`, every later state.
   */
  async pageForUser(userId: string, which: SubscriptionList, page: number, limit: number): Promise<{ items: Subscription[]; total: number }> {
    const rows = this.uow.repository(SubscriptionOrmEntity);
    const where: FindOptionsWhere<SubscriptionOrmEntity> = {
      userId,
      status: which === 'active' ? SUBSCRIPTION_STATUS.InProcess : Not(SUBSCRIPTION_STATUS.InProcess),
    };
    const total = await rows.count({ where });
    const skip = (page - 1) * limit;
    if (skip >= total) return { items: [], total };
    const found = await rows.find({ where, order: NEWEST_FIRST, skip, take: limit });
    return { items: found.map(toSubscription), total };
  }

  async allForUser(userId: string): Promise<Subscription[]> {
    const found = await this.uow.repository(SubscriptionOrmEntity).find({ where: { userId }, order: NEWEST_FIRST });
    return found.map(toSubscription);
  }
}

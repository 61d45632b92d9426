import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { SubscriptionRepository } from '../../application/subscription.repository.port';
import type { NewPurchase, Subscription } from '../../domain/subscription';
import { toSubscription } from './subscription.mapper';
import { SubscriptionOrmEntity } from './subscription.orm-entity';

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
}

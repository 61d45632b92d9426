import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { SubscriptionCounts } from '../../../identity/application/subscription-counts.port';
import type { SubscriptionTotals } from '../../../identity/domain/subscription-counts';
import { SubscriptionOrmEntity } from './subscription.orm-entity';
import { isUuid } from '../../../../kernel/uuid';
import { ORDER_STATUS } from '../../../../kernel/order-status';

/**
 * Identity's SubscriptionCounts port, answered from the subscriptions table in one query. The
 * profile's Active and Completed counters match the totals of the Active and Completed lists.
 */
@Injectable()
export class TypeOrmSubscriptionCounts extends SubscriptionCounts {
  constructor(@InjectRepository(SubscriptionOrmEntity) private readonly subscriptions: Repository<SubscriptionOrmEntity>) {
    super();
  }

  async countFor(userId: string): Promise<SubscriptionTotals> {
    if (!isUuid(userId)) return { total: 0, active: 0, completed: 0 };
    const row = await this.subscriptions
      .createQueryBuilder('s')
      .select('count(*)', 'total')
      .addSelect(`count(*) FILTER (WHERE s.status = ${ORDER_STATUS.InProcess})`, 'active')
      // Same split as the lists: Completed is every Status but 0, so a later state is counted somewhere.
      .addSelect(`count(*) FILTER (WHERE s.status <> ${ORDER_STATUS.InProcess})`, 'completed')
      .where('s.userId = :userId', { userId })
      .getRawOne<{ total: string; active: string; completed: string }>();
    return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0), completed: Number(row?.completed ?? 0) };
  }

  /** One grouped query on the (user_id, status, created_at) index for the whole page of users. */
  async countsFor(userIds: string[]): Promise<Map<string, SubscriptionTotals>> {
    const counts = new Map<string, SubscriptionTotals>(userIds.map((id) => [id, { total: 0, active: 0, completed: 0 }]));
    const valid = [...new Set(userIds.filter((id) => isUuid(id)))];
    if (valid.length === 0) return counts;
    const rows = await this.subscriptions
      .createQueryBuilder('s')
      .select('s.userId', 'userId')
      .addSelect('count(*)', 'total')
      .addSelect(`count(*) FILTER (WHERE s.status = ${ORDER_STATUS.InProcess})`, 'active')
      .addSelect(`count(*) FILTER (WHERE s.status <> ${ORDER_STATUS.InProcess})`, 'completed')
      .where({ userId: In(valid) })
      .groupBy('s.userId')
      .getRawMany<{ userId: string; total: string; active: string; completed: string }>();
    for (const row of rows) counts.set(row.userId, { total: Number(row.total), active: Number(row.active), completed: Number(row.completed) });
    return counts;
  }
}

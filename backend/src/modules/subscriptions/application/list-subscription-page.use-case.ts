import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { type ListPageQuery, pageMeta, type SubscriptionPage } from '../domain/subscription-list';
import { ensureMayReadSubscriptionsOf } from './subscription-access';
import { SubscriptionRepository } from './subscription.repository.port';

/**
 * The Active and Completed screens (POST /subscription/activeService, /completedService): one page
 * of the user's list and its paging meta. The database counts and pages, so a customer with many
 * purchases costs one page of rows, not all of them.
 */
@Injectable()
export class ListSubscriptionPageUseCase {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(caller: Principal, query: ListPageQuery): Promise<SubscriptionPage> {
    ensureMayReadSubscriptionsOf(caller, query.userId);
    const { items, total } = await this.subscriptions.pageForUser(query.userId, query.which, query.page, query.perPage);
    return { items, meta: pageMeta(total, query.page, query.perPage) };
  }
}

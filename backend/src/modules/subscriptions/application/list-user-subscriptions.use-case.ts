import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import type { Subscription } from '../domain/subscription';
import { ensureMayReadSubscriptionsOf } from './subscription-access';
import { SubscriptionRepository } from './subscription.repository.port';

/** POST /subscription/user: every subscription of one user, newest first, unpaged (docs/product.md#api). */
@Injectable()
export class ListUserSubscriptionsUseCase {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(caller: Principal, userId: string): Promise<Subscription[]> {
    ensureMayReadSubscriptionsOf(caller, userId);
    return this.subscriptions.allForUser(userId);
  }
}

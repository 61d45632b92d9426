import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { CountryRepository } from './country.repository.port';
import { loadOwnUser, withCountry } from './own-user';
import type { ProfileWithCounts } from './profile';
import { SubscriptionCounts } from './subscription-counts.port';
import { UserRepository } from './user.repository.port';

/** The profile page: the account, its country's name and its subscription counters. */
@Injectable()
export class GetProfileUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly countries: CountryRepository,
    private readonly subscriptionCounts: SubscriptionCounts,
  ) {}

  async execute(caller: Principal, userId: string): Promise<ProfileWithCounts> {
    const user = await loadOwnUser(this.users, caller, userId);
    const [profile, subscriptions] = await Promise.all([withCountry(this.countries, user), this.subscriptionCounts.countFor(user.userId)]);
    return { ...profile, subscriptions };
  }
}

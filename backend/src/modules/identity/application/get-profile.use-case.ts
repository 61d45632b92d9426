import { Injectable } from '@nestjs/common';
import { mayActForUser, type Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import type { User } from '../domain/user';
import { CountryRepository } from './country.repository.port';
import type { Profile, ProfileWithCounts } from './profile';
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

/** The account behind a body's userId: 403 for someone else's (unless admin), 404 when unknown. */
export async function loadOwnUser(users: UserRepository, caller: Principal, userId: string): Promise<User> {
  if (!mayActForUser(caller, userId)) {
    throw new AppError('forbidden', "You can only access your own account.", 'not_your_account');
  }
  const user = await users.findById(userId);
  if (!user) throw new AppError('not_found', 'User not found', 'user_not_found');
  return user;
}

export async function withCountry(countries: CountryRepository, user: User): Promise<Profile> {
  const country = user.countryId ? await countries.findById(user.countryId) : null;
  return { user, countryName: country?.name ?? null };
}

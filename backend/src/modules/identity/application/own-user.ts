import { mayActForUser, type Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import { userNotFound } from '../domain/identity.errors';
import type { User } from '../domain/user';
import { CountryRepository } from './country.repository.port';
import type { Profile } from './profile';
import { UserRepository } from './user.repository.port';

/** The account behind a body's userId: 403 for someone else's (unless admin), 404 when unknown. */
export async function loadOwnUser(users: UserRepository, caller: Principal, userId: string): Promise<User> {
  if (!mayActForUser(caller, userId)) {
    throw new AppError('forbidden', 'You can only access your own account.', 'not_your_account');
  }
  const user = await users.findById(userId);
  if (!user) throw userNotFound();
  return user;
}

export async function withCountry(countries: CountryRepository, user: User): Promise<Profile> {
  const country = user.countryId ? await countries.findById(user.countryId) : null;
  return { user, countryName: country?.name ?? null };
}

import type { SessionUser, SignInUser } from '@growth/contracts';

/**
 * A session profile from the `user` of a sign-in answer, with the defaults of docs/product.md#accounts-and-sign-in:
 * phone, countryId, callingId and gender empty, createdAt now, email from `email` when the server sent none.
 */
export function buildSessionUser(id: string, email: string, fromServer: Partial<SignInUser> = {}): SessionUser {
  return {
    id,
    name: fromServer.name ?? '',
    email: fromServer.email || email,
    phone: fromServer.phone ?? '',
    countryId: fromServer.countryId ?? '',
    callingId: fromServer.callingId ?? '',
    gender: fromServer.gender ?? '',
    createdAt: fromServer.createdAt ?? new Date().toISOString(),
  };
}

/** The name to show for a user: their name, else the part of the e-mail before '@', else 'User'. */
export function displayName(user: Pick<SessionUser, 'name' | 'email'> | null | undefined): string {
  if (!user) return 'User';
  if (user.name && user.name.trim()) return user.name.trim();
  const local = user.email?.split('@')[0];
  return local || 'User';
}

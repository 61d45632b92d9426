import type { User } from '../domain/user';

/** What a successful sign-in gives the client: a customer session token and the account. */
export interface SignInResult {
  token: string;
  user: User;
}

import { AppError } from '../errors/app-error';
import type { Principal, Role } from './principal';

/** A caller whose role may not do this: the guard's answer and every use case's, in the same words (403). */
export const notPermitted = () => new AppError('forbidden', 'You do not have permission to do this.', 'forbidden');

/** A valid token whose session or account is gone (logged out, password changed, account removed): 401. */
export const sessionEnded = () => new AppError('unauthorized', 'Your session has ended. Please log in again.', 'session_ended');

/** No token with a request that needs one: the guard's answer and the session check's (401). */
export const notSignedIn = () => new AppError('unauthorized', 'Please log in first.', 'not_signed_in');

/** A token that does not verify, or names no account any more (401). */
export const invalidToken = () => new AppError('unauthorized', 'Your session has expired or is not valid. Please log in again.', 'invalid_token');

/** A sign-in whose e-mail or password is wrong (customers and admins alike; which one is not said). */
export const invalidCredentials = () => new AppError('unauthorized', 'Invalid email or password.', 'invalid_credentials');

/** A password change whose old password is wrong (customers and admins alike). */
export const oldPasswordIncorrect = () => new AppError('invalid', 'Old password is incorrect.', 'old_password_incorrect');

/** Use cases check the role again behind the route's guard (docs/product.md#roles), so they hold when called from elsewhere. */
export function ensureRole(caller: Principal, role: Role): void {
  if (caller.role !== role) throw notPermitted();
}

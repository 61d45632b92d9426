import { AppError } from '../errors/app-error';
import type { Principal, Role } from './principal';

/** A caller whose role may not do this: the guard's answer and every use case's, in the same words (403). */
export const notPermitted = () => new AppError('forbidden', 'You do not have permission to do this.', 'forbidden');

/** A valid token whose session or account is gone (logged out, password changed, account removed): 401. */
export const sessionEnded = () => new AppError('unauthorized', 'Your session has ended. Please log in again.', 'session_ended');

/** Use cases check the role again behind the route's guard (docs/product.md#roles), so they hold when called from elsewhere. */
export function ensureRole(caller: Principal, role: Role): void {
  if (caller.role !== role) throw notPermitted();
}

import { mayActForUser, type Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';

/**
 * The customer lists show one user's purchases (profile links, order and payment ids): only that
 * user or an admin may read them (docs/architecture.md#api-contract). The server decides, whatever userId the body names.
 */
export function ensureMayReadSubscriptionsOf(caller: Principal, userId: string): void {
  if (!mayActForUser(caller, userId)) {
    throw new AppError('forbidden', 'You can only see your own services.', 'not_your_services');
  }
}

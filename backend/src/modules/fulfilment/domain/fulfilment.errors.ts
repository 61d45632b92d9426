import { AppError } from '../../../platform/errors/app-error';

/** The fulfilment module's errors thrown in more than one use case, one factory each, so every use case says them alike. */
export const subscriptionNotFound = () => new AppError('not_found', 'Subscription not found', 'subscription_not_found');

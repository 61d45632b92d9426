import { AppError } from '../../../platform/errors/app-error';

/** The billing module's errors, one factory each, so every use case says them alike. */
export const orderNotFound = () => new AppError('not_found', 'Order not found', 'order_not_found');
export const subscriptionNotFound = () => new AppError('not_found', 'Subscription not found', 'subscription_not_found');
export const refundRequestNotFound = () => new AppError('not_found', 'Refund request not found', 'refund_request_not_found');

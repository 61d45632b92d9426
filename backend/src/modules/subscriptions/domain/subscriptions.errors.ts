import { AppError } from '../../../platform/errors/app-error';

/**
 * Errors about a customer's order (a subscription) that more than one module throws, one factory
 * each, so every use case says them alike: billing (refunds) and fulfilment (refills, staff moves)
 * read subscriptions through this module.
 */
export const subscriptionNotFound = () => new AppError('not_found', 'Subscription not found', 'subscription_not_found');

/** Staff tried to mark an order that was refunded in full (docs/refunds.md#a-full-refund-ends-the-order). */
export const ORDER_REFUNDED_MESSAGE = 'This order was refunded in full: it stays Refunded and cannot be marked In Process or Completed.';
export const orderRefunded = () => new AppError('conflict', ORDER_REFUNDED_MESSAGE, 'order_refunded');

/** A customer asked for something on another account's order; `what` is what they asked for ("refunds", "refills"). */
export const notYourOrderToAsk = (what: string) => new AppError('forbidden', `You can only ask for ${what} of your own orders.`, 'not_your_order');

import { AppError } from '../../../platform/errors/app-error';

/** The billing module's errors, one factory each, so every use case says them alike. */
export const orderNotFound = () => new AppError('not_found', 'Order not found', 'order_not_found');
/** A customer pays or verifies an order of another account. */
export const notYourOrder = () => new AppError('forbidden', 'This order belongs to another account.', 'not_your_order');
export const orderNotPaid = () => new AppError('conflict', 'Only a paid order can be refunded.', 'order_not_paid');
export const NOTHING_LEFT_MESSAGE = 'Nothing is left to refund on this order.';
export const nothingToRefund = () => new AppError('conflict', NOTHING_LEFT_MESSAGE, 'nothing_to_refund');
export const refundRequestNotFound = () => new AppError('not_found', 'Refund request not found', 'refund_request_not_found');

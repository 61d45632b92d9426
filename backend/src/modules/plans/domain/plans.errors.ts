import { AppError } from '../../../platform/errors/app-error';

/** The plans module's errors, one factory each, so every use case says them alike. */
export const planNotFound = () => new AppError('not_found', 'Plan not found', 'plan_not_found');
export const pricingNotFound = () => new AppError('not_found', 'Pricing tier not found', 'pricing_not_found');

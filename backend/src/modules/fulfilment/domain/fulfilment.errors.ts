import { AppError } from '../../../platform/errors/app-error';

/** The errors fulfilment throws at more than one place (docs/architecture.md#one-way-per-thing). */

/** A call to the provider panel failed; `detail` is the adapter's sentence (502). */
export const providerUnavailable = (detail: string) => new AppError('bad_gateway', `The provider panel did not answer: ${detail}`, 'provider_unavailable');

export const tierNotFound = () => new AppError('not_found', 'Pricing tier not found', 'pricing_not_found');

export const RETRY_CONFLICT_MESSAGE = 'Only an order that needs review can be retried';
export const retryNotInReview = () => new AppError('conflict', RETRY_CONFLICT_MESSAGE, 'fulfilment_not_in_review');

export const LINK_CONFLICT_MESSAGE = 'Only an order that needs review can be linked to a provider order';
export const linkNotInReview = () => new AppError('conflict', LINK_CONFLICT_MESSAGE, 'fulfilment_not_in_review');

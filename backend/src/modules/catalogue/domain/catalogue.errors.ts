import { AppError } from '../../../platform/errors/app-error';

/** The catalogue's errors thrown in more than one place, one factory each, so every use case says them alike. */
export const serviceNotFound = () => new AppError('not_found', 'Service not found', 'service_not_found');
export const contentItemNotFound = () => new AppError('not_found', 'Content item not found', 'content_not_found');

/** A planId sent with a service that names no plan. */
export const planNotFound = () => new AppError('invalid', 'No plan has this id: choose a plan from the plans list.', 'unknown_plan');
/** A save that would take a listed service out of the public catalogue, sent without confirmOffSale (docs/catalogue.md, "Listing rule"). */
export const serviceWouldLeaveCatalogue = (reason: string) =>
  new AppError(
    'conflict',
    `This save takes the service out of the public catalogue: ${reason} Send it again with confirmOffSale to save anyway.`,
    'service_leaves_catalogue',
  );

import { AppError } from '../../../platform/errors/app-error';

/** The catalogue's errors thrown in more than one place, one factory each, so every use case says them alike. */
export const serviceNotFound = () => new AppError('not_found', 'Service not found', 'service_not_found');
export const contentItemNotFound = () => new AppError('not_found', 'Content item not found', 'content_not_found');

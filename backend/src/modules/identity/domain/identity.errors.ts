import { AppError } from '../../../platform/errors/app-error';

/** The identity module's errors thrown in more than one place, one factory each, so every use case says them alike. */
export const userNotFound = () => new AppError('not_found', 'User not found', 'user_not_found');
export const emailRegistered = () => new AppError('conflict', 'This email is already registered.', 'email_taken');
/** A country or calling code that is not one of /country/getall's ids (registration and profile edits). */
export const unknownCountry = (field: 'countryId' | 'callingId') => new AppError('invalid', `${field} is not a known country`, 'unknown_country');

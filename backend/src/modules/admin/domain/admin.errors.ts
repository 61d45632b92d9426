import { AppError } from '../../../platform/errors/app-error';

/** The admin module's errors thrown in more than one place, one factory each, so every use case says them alike. */
export const invalidCode = () => new AppError('invalid', 'Invalid or expired code.', 'invalid_code');
export const emailInUse = () => new AppError('conflict', 'This email is already in use.', 'email_taken');

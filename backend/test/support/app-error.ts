import { AppError } from '../../src/platform/errors/app-error';

/** The AppError `run` throws; the spec fails when it throws something else, or with `accepted` when it throws nothing. */
export function appErrorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('accepted');
}

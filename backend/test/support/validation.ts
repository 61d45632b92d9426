import { BadRequestException, type Type } from '@nestjs/common';
import { createValidationPipe } from '../../src/platform/http/validation.pipe';

/** Request DTOs are checked as a request meets them: through the app's own global validation pipe. */
const pipe = createValidationPipe();

/** A function that runs a value through the pipe as the request's body (or query) of `metatype`. */
export function validated<T>(metatype: Type<T>, type: 'body' | 'query' = 'body'): (value: unknown) => Promise<T> {
  return (value) => pipe.transform(value, { type, metatype }) as Promise<T>;
}

/** The message of the 400 a refused value gets; the spec fails with `accepted` when it was taken. */
export async function refusalOf(result: Promise<unknown>, accepted = 'the body was accepted'): Promise<string> {
  try {
    await result;
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return String((error as BadRequestException).message);
  }
  throw new Error(accepted);
}

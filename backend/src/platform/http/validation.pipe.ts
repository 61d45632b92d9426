import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/** Every message of a failed validation, nested fields named by their path ("items.0.key ..."). */
function messages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) =>
      parent ? text.replace(new RegExp(`^${error.property}\\b`), path) : text,
    );
    return [...own, ...messages(error.children ?? [], path)];
  });
}

/**
 * The global validation pipe: DTOs are checked with class-validator, unknown fields are dropped,
 * and a failure is a 400 whose message names the field ("limit must not be greater than 100").
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(messages(errors).join('; ') || 'The request is not valid.'),
  });
}

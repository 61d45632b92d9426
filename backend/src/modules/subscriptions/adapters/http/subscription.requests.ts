import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IdField } from '../../../../platform/http/id-field';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../domain/subscription-list';

// Stacked decorators run bottom-up and validation stops at the first failure (stopAtFirstError), so
// each field lists its checks from the most specific (top) to "is it there at all" (bottom).

/**
 * A JSON body may carry a number or, from a form or a query-string habit, digit text. Only whole
 * numbers and plain digit strings become numbers; anything else ('abc', 1.5, true, [1]) becomes NaN
 * so the validators refuse it with a message naming the field, never a database error.
 */
function wholeNumberOrNaN({ value }: { value: unknown }): unknown {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : Number.NaN;
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return Number.NaN;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

const PAGE_MESSAGE = 'page must be a whole number of at least 1';
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PER_PAGE}`;

export class UserSubscriptionsRequest {
  @IdField('userId', 'user id', {
    example: '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10',
    description: "The user whose services to list: the caller's own id (an admin may name anyone).",
  })
  userId: string;
}

export class SubscriptionPageRequest extends UserSubscriptionsRequest {
  @ApiPropertyOptional({ minimum: 1, default: DEFAULT_PAGE })
  @Min(1, { message: PAGE_MESSAGE })
  @IsInt({ message: PAGE_MESSAGE })
  @Transform(wholeNumberOrNaN)
  @IsOptional()
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE })
  @Max(MAX_PER_PAGE, { message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @IsInt({ message: LIMIT_MESSAGE })
  @Transform(wholeNumberOrNaN)
  @IsOptional()
  limit?: number;
}

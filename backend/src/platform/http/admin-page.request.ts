import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ADMIN_LIMIT_MESSAGE, ADMIN_PAGE_MESSAGE, ADMIN_PAGE_SIZES, DEFAULT_ADMIN_PAGE_SIZE, MAX_ADMIN_PAGE } from './admin-paging';

// Stacked decorators run bottom-up and validation stops at the first failure (stopAtFirstError), so
// each field lists its checks from the most specific (top) to "is it there at all" (bottom).

/**
 * A JSON body may carry a number or, from a form or a query-string habit, digit text (with a minus
 * sign where `signed`). Whole numbers and such text become numbers; null and '' mean "not given";
 * anything else ('abc', 1.5, true, [1]) becomes NaN, which the validators refuse with a message
 * naming the field, never a database error.
 */
export function wholeNumberOrNaN(signed = false) {
  const digits = signed ? /^\s*-?\d+\s*$/ : /^\s*\d+\s*$/;
  return ({ value }: { value: unknown }): unknown => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'number') return Number.isSafeInteger(value) ? value : Number.NaN;
    if (typeof value !== 'string' || !digits.test(value)) return Number.NaN;
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : Number.NaN;
  };
}

/** `page` and `limit` of an admin list (docs/product.md#limits: 10, 20, 50 or 100 a page, 10 by default). */
export class AdminPageRequest {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_ADMIN_PAGE, default: 1 })
  @Max(MAX_ADMIN_PAGE, { message: ADMIN_PAGE_MESSAGE })
  @Min(1, { message: ADMIN_PAGE_MESSAGE })
  @IsInt({ message: ADMIN_PAGE_MESSAGE })
  @Transform(wholeNumberOrNaN())
  @IsOptional()
  page?: number;

  @ApiPropertyOptional({ enum: ADMIN_PAGE_SIZES, default: DEFAULT_ADMIN_PAGE_SIZE })
  @IsIn(ADMIN_PAGE_SIZES as number[], { message: ADMIN_LIMIT_MESSAGE })
  @Transform(wholeNumberOrNaN())
  @IsOptional()
  limit?: number;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { MAX_PER_PAGE, MAX_SEARCH_LENGTH } from '../../domain/catalogue-page';

/**
 * Query strings arrive as text. Only plain digit strings become numbers; anything else ('abc',
 * '-1', '1.5', '', repeated parameters) becomes NaN so the validators below refuse it with a
 * message naming the field, instead of a surprising default or a database error.
 */
function positiveIntegerOrNaN({ value }: { value: unknown }): unknown {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : Number.NaN;
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return Number.NaN;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

export class ListServicesRequest {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Transform(positiveIntegerOrNaN)
  @IsInt({ message: 'page must be a positive integer' })
  @Min(1, { message: 'page must be a positive integer' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, default: 10, description: `At most ${MAX_PER_PAGE}; larger values are clamped.` })
  @IsOptional()
  @Transform(positiveIntegerOrNaN)
  @IsInt({ message: 'limit must be a positive integer' })
  @Min(1, { message: 'limit must be a positive integer' })
  limit?: number;

  @ApiPropertyOptional({ description: 'Case-insensitive text to find in heading or description.' })
  @IsOptional()
  @MaxLength(MAX_SEARCH_LENGTH, { message: `search must be at most ${MAX_SEARCH_LENGTH} characters` })
  @IsString({ message: 'search must be text' }) // checked first: decorators apply bottom-up
  search?: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { PLAN_STATUSES } from '../../domain/plan';
import { PLAN_LIMITS, PRICE_MESSAGE } from '../../domain/plan-form';

/**
 * Bodies of the admin's plan calls. Types and sizes are checked here with messages naming the
 * field; the plan's rules (trimming, price normalisation, features cleaning, slug) are the
 * domain's (plan-form).
 */
const STATUS_MESSAGE = 'status must be Active, Inactive or Pending';
export const MAX_PLANS_PER_PAGE = 100;

/** A JSON number or a digit string becomes a number; anything else is left for the validators to refuse. */
function integer({ value }: { value: unknown }): unknown {
  if (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)) return Number(value);
  return value;
}

/** A price may come as text ('19.99', the spec's type) or as a JSON number (19.9 → '19.9'). */
function priceText({ value }: { value: unknown }): unknown {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
}

/** Features are a list of lines; a single text is split at its line breaks (the editor's textarea). */
function featureLines({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.split(/\r?\n/) : value;
}

export class ListPlansRequest {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Transform(integer)
  @Min(1, { message: 'page must be a positive integer' })
  @IsInt({ message: 'page must be a positive integer' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PLANS_PER_PAGE, default: 10 })
  @IsOptional()
  @Transform(integer)
  @Max(MAX_PLANS_PER_PAGE, { message: `limit must be at most ${MAX_PLANS_PER_PAGE}` })
  @Min(1, { message: 'limit must be a positive integer' })
  @IsInt({ message: 'limit must be a positive integer' })
  limit?: number;

  @ApiPropertyOptional({ description: 'Text to find in the name, slug or platform (case-insensitive).' })
  @IsOptional()
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString({ message: 'search must be text' })
  search?: string;
}

export class PlanIdRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'planId must be a valid id' })
  @IsDefined({ message: 'planId is required' })
  planId: string;
}

export class PricingIdRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'pricingId must be a valid id' })
  @IsDefined({ message: 'pricingId is required' })
  pricingId: string;
}

export class TierRequest {
  @ApiPropertyOptional({ format: 'uuid', description: 'An existing tier (update); without it the tier is created.' })
  @IsOptional()
  @IsUUID('all', { message: 'pricingId must be a valid id' })
  pricingId?: string | null;

  @ApiProperty({ example: 'Growth' })
  @IsString({ message: 'name must be text' })
  @IsDefined({ message: 'name is required' })
  name: string;

  @ApiProperty({ example: '19.99', description: 'Decimal text, above 0, at most 2 decimals; stored as 19.90 for 19.9.' })
  @Transform(priceText)
  @MaxLength(20, { message: PRICE_MESSAGE })
  @IsString({ message: PRICE_MESSAGE })
  @IsDefined({ message: 'price is required' })
  price: string;

  @ApiPropertyOptional({ example: 'For channels that post every week.' })
  @IsOptional()
  @IsString({ message: 'description must be text' })
  description?: string;

  @ApiPropertyOptional({ type: [String], description: 'One line per feature; trimmed, blank lines dropped.' })
  @IsOptional()
  @Transform(featureLines)
  @IsString({ each: true, message: 'features must be a list of texts' })
  @ArrayMaxSize(100, { message: 'features must hold at most 100 lines' })
  @IsArray({ message: 'features must be a list of texts' })
  features?: string[];

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'isPopular must be true or false' })
  isPopular?: boolean;
}

class PlanFieldsRequest {
  @ApiProperty({ example: 'Spotify' })
  @IsString({ message: 'name must be text' })
  @IsDefined({ message: 'name is required' })
  name: string;

  @ApiProperty({ enum: PLAN_STATUSES })
  @IsIn(PLAN_STATUSES, { message: STATUS_MESSAGE })
  @IsDefined({ message: 'status is required' })
  status: string;

  @ApiProperty({ type: [TierRequest] })
  @ValidateNested({ each: true })
  @Type(() => TierRequest)
  @ArrayMaxSize(PLAN_LIMITS.tiersMax, { message: `pricing must hold at most ${PLAN_LIMITS.tiersMax} tiers` })
  @IsArray({ message: 'pricing must be a list of tiers' })
  @IsDefined({ message: 'pricing is required' })
  pricing: TierRequest[];
}

export class CreatePlanRequest extends PlanFieldsRequest {
  @ApiPropertyOptional({ example: 'Spotify', description: 'The platform sold; defaults to the name. The slug is its lower-cased name.' })
  @IsOptional()
  @IsString({ message: 'platform must be text' })
  platform?: string;

  @ApiPropertyOptional({ example: 'USD', default: 'USD' })
  @IsOptional()
  @IsString({ message: 'currency must be a three-letter code such as USD' })
  currency?: string;
}

export class UpdatePlanRequest extends PlanFieldsRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'planId must be a valid id' })
  @IsDefined({ message: 'planId is required' })
  planId: string;
}

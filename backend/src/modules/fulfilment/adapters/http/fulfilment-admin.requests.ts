import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IdField } from '../../../../platform/http/id-field';
import { wholeNumberOrNaN } from '../../../../platform/http/admin-page.request';
import { QUANTITY_REQUIRED_MESSAGE, REFILL_DAYS_MESSAGE } from '../../application/set-tier-mapping.use-case';

// Stacked decorators run bottom-up and validation stops at the first failure (stopAtFirstError), so
// each field lists its checks from the most specific (top) to "is it there at all" (bottom).

/** A service id may come as a number (API v2 lists them so) or as text; null stays null (remove the mapping). */
const serviceIdText = ({ value }: { value: unknown }) => {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return typeof value === 'string' ? value.trim() : value;
};

const QUANTITY_MESSAGE = 'quantity must be a whole number of at least 1';

/** GET /admin/fulfilment/mappings?planId=… */
export class MappingsQuery {
  @IdField('planId', 'plan id', { example: '5a0c3d2e-4f1b-4c8a-9e7d-2b6f1a3c9d40', notText: 'planId must be a valid plan id' })
  planId: string;
}

/** POST /admin/fulfilment/mapping. */
export class SetMappingRequest {
  @IdField('pricingId', 'pricing tier id', { example: '5a0c3d2e-4f1b-4c8a-9e7d-2b6f1a3c9d40', notText: 'pricingId must be a valid pricing tier id' })
  pricingId: string;

  @ApiProperty({ type: String, nullable: true, example: '1', description: "The provider's service id; null removes the mapping (the tier goes back to manual)." })
  @Matches(/^[A-Za-z0-9_.:-]+$/, { message: 'serviceId must be a provider service id (letters, digits, - _ . :)' })
  @MaxLength(64, { message: 'serviceId must be at most 64 characters' })
  @IsNotEmpty({ message: 'serviceId must not be empty (send null to remove the mapping)' })
  @IsString({ message: 'serviceId must be a provider service id, or null to remove the mapping' })
  @ValidateIf((_, value) => value !== null)
  @IsDefined({ message: 'serviceId is required (null removes the mapping)' })
  @Transform(serviceIdText)
  serviceId: string | null;

  @ApiPropertyOptional({ minimum: 1, example: 1000, description: 'Ordered per purchase; required with a serviceId, within the service’s min and max.' })
  @Max(2_147_483_647, { message: QUANTITY_MESSAGE })
  @Min(1, { message: QUANTITY_MESSAGE })
  @IsInt({ message: QUANTITY_MESSAGE })
  @ValidateIf((request: SetMappingRequest) => request.serviceId !== null)
  @IsDefined({ message: QUANTITY_REQUIRED_MESSAGE })
  @Transform(wholeNumberOrNaN())
  quantity?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 365,
    default: 0,
    example: 30,
    description: 'The refill guarantee in days (0: none); above 0 only for a service the provider marks refill (docs/refill.md).',
  })
  @Max(365, { message: REFILL_DAYS_MESSAGE })
  @Min(0, { message: REFILL_DAYS_MESSAGE })
  @IsInt({ message: REFILL_DAYS_MESSAGE })
  @IsOptional()
  @Transform(wholeNumberOrNaN())
  refillDays?: number;
}

/** POST /admin/fulfilment/retry and /cancel. */
export class FulfilmentOrderRequest {
  @IdField('subscriptionId', 'subscription id', { example: '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10' })
  subscriptionId: string;
}

/** POST /admin/fulfilment/link: the order, and its id on the provider panel. */
export class LinkUpstreamOrderRequest extends FulfilmentOrderRequest {
  @ApiProperty({ example: '123456', description: "The order's id on the provider panel (its orders page)." })
  @Matches(/^[A-Za-z0-9_.:-]+$/, { message: 'upstreamOrderId must be the order id the provider panel shows (letters, digits, - _ . :)' })
  @MaxLength(64, { message: 'upstreamOrderId must be at most 64 characters' })
  @IsNotEmpty({ message: 'upstreamOrderId is required' })
  @IsString({ message: 'upstreamOrderId must be the order id the provider panel shows' })
  @IsDefined({ message: 'upstreamOrderId is required' })
  @Transform(serviceIdText)
  upstreamOrderId: string;
}

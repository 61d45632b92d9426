import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IdField } from '../../../../platform/http/id-field';
import { AdminPageRequest } from '../../../../platform/http/admin-page.request';
import { REFUND_LIST_STATES, type RefundListState } from '../../application/refund.repository.port';

// Stacked decorators run bottom-up and validation stops at the first failure (stopAtFirstError), so
// each field lists its checks from the most specific (top) to "is it there at all" (bottom).

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An amount may come as a number (7.85) or as text ("7.85"); it is checked as text, never through a float's digits. */
const amountText = ({ value }: { value: unknown }) => {
  if (value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : value;
};
const AMOUNT_MESSAGE = 'amount must be a positive amount such as 7.85 (decimal text in the order’s currency)';

class SubscriptionIdField {
  @IdField('subscriptionId', 'subscription id', { example: '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10' })
  subscriptionId: string;
}

/** POST /subscription/refund-request. */
export class RefundRequestRequest extends SubscriptionIdField {
  @ApiProperty({ minLength: 3, maxLength: 1000, example: 'Half of the followers never arrived.' })
  @MaxLength(1000, { message: 'reason must be at most 1000 characters' })
  @MinLength(3, { message: 'reason must say in a few words why you ask for a refund (at least 3 characters)' })
  @IsString({ message: 'reason must be text' })
  @IsDefined({ message: 'reason is required: tell us why you ask for a refund' })
  @Transform(trimmed)
  reason: string;
}

/** POST /admin/refunds. */
export class StaffRefundRequest extends SubscriptionIdField {
  @ApiPropertyOptional({ type: String, example: '7.85', description: 'Decimal text in the order’s currency; absent: everything not refunded yet.' })
  @Matches(/^\d{1,12}(\.\d{1,3})?$/, { message: AMOUNT_MESSAGE })
  @IsString({ message: AMOUNT_MESSAGE })
  @Transform(amountText)
  @IsOptional()
  amount?: string;

  @ApiProperty({ minLength: 3, maxLength: 500, example: 'Customer reported the wrong channel was boosted.' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  @MinLength(3, { message: 'reason must say why this order is refunded (at least 3 characters)' })
  @IsString({ message: 'reason must be text' })
  @IsDefined({ message: 'reason is required: say why this order is refunded' })
  @Transform(trimmed)
  reason: string;
}

/** POST /admin/refund-requests/decide. */
export class DecideRefundRequestRequest {
  @IdField('requestId', 'refund request id', { example: '4c1f0a5e-2b7d-4e3a-9f60-8d2c1b0a9e71' })
  requestId: string;

  @ApiProperty({ example: true })
  @IsBoolean({ message: 'approve must be true or false' })
  @IsDefined({ message: 'approve is required (true or false)' })
  approve: boolean;

  @ApiPropertyOptional({
    type: String,
    example: '7.85',
    description: 'With approve: decimal text in the order’s currency; absent: the proposed amount, else all that is left.',
  })
  @Matches(/^\d{1,12}(\.\d{1,3})?$/, { message: AMOUNT_MESSAGE })
  @IsString({ message: AMOUNT_MESSAGE })
  @Transform(amountText)
  @IsOptional()
  amount?: string;

  @ApiPropertyOptional({ maxLength: 1000, description: 'Required to decline: the customer reads it.' })
  @MaxLength(1000, { message: 'message must be at most 1000 characters' })
  @IsString({ message: 'message must be text' })
  @Transform(trimmed)
  @IsOptional()
  message?: string;
}

const STATE_MESSAGE = `state must be one of ${REFUND_LIST_STATES.join(', ')}`;

/** POST /admin/refunds/list. */
export class RefundListRequest extends AdminPageRequest {
  @ApiPropertyOptional({ enum: REFUND_LIST_STATES, description: 'pending, processed, failed (refunds); open, declined (requests); absent: all.' })
  @IsIn(REFUND_LIST_STATES as unknown as RefundListState[], { message: STATE_MESSAGE })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value === null ? undefined : value))
  @IsOptional()
  state?: RefundListState;

  @ApiPropertyOptional({ maxLength: 100, description: 'Part of an order id, payment id, refund id, e-mail or name (case-insensitive).' })
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  @IsString({ message: 'q must be text' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value === null ? undefined : value))
  @IsOptional()
  q?: string;
}

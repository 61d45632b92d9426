import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { IdField } from '../../../../platform/http/id-field';
import { AdminPageRequest, wholeNumberOrNaN } from '../../../../platform/http/admin-page.request';
import {
  ADMIN_TASK_FULFILMENT_FILTERS,
  ADMIN_TASK_SORTS,
  type AdminTaskFulfilmentFilter,
  type AdminTaskSort,
  CURSOR_MESSAGE,
  FULFILMENT_FILTER_MESSAGE,
  MAX_CURSOR_LENGTH,
  MAX_SEARCH_LENGTH,
  SORT_ORDERS,
  type SortOrder,
} from '../../domain/admin-task-list';
import { ADMIN_SETTABLE_STATUSES } from '../../domain/subscription';
import { STATUS_MESSAGE } from '../../application/update-subscription-status.use-case';
import { MAX_ORDERS_AT_ONCE } from '../../application/complete-orders.use-case';

// Stacked decorators run bottom-up and validation stops at the first failure (stopAtFirstError), so
// each field lists its checks from the most specific (top) to "is it there at all" (bottom).

const lowerCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value === null || value === '' ? undefined : value);
/** A blank search is no search. */
const blankToUndefined = ({ value }: { value: unknown }) => {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  return value.trim() || undefined;
};

const FILTER_STATUS_MESSAGE = 'Status must be a whole number (0 In Process, 1 Completed, 2 Partial, 3 Canceled, 4 Refunded)';

/** POST /admin/tasks. */
export class AdminTasksRequest extends AdminPageRequest {
  @ApiPropertyOptional({ enum: ADMIN_TASK_SORTS, default: 'createdAt' })
  @IsIn(ADMIN_TASK_SORTS as AdminTaskSort[], { message: `sortBy must be one of ${ADMIN_TASK_SORTS.join(', ')}` })
  @Transform(({ value }) => (value === null || value === '' ? undefined : value))
  @IsOptional()
  sortBy?: AdminTaskSort;

  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'desc' })
  @IsIn(SORT_ORDERS as SortOrder[], { message: `sortOrder must be one of ${SORT_ORDERS.join(', ')}` })
  @Transform(lowerCase)
  @IsOptional()
  sortOrder?: SortOrder;

  @ApiPropertyOptional({ description: 'Only subscriptions with this Status (0 In Process, 1 Completed, 2 Partial, 3 Canceled, 4 Refunded); absent, null or empty: all.' })
  @Max(32767, { message: FILTER_STATUS_MESSAGE })
  @Min(-32768, { message: FILTER_STATUS_MESSAGE })
  @IsInt({ message: FILTER_STATUS_MESSAGE })
  @Transform(wholeNumberOrNaN(true))
  @IsOptional()
  Status?: number;

  @ApiPropertyOptional({
    enum: ADMIN_TASK_FULFILMENT_FILTERS,
    description: 'needs_review: only orders whose upstream placing needs staff (retry or cancel); absent, null or empty: all.',
  })
  @IsIn(ADMIN_TASK_FULFILMENT_FILTERS as unknown as AdminTaskFulfilmentFilter[], { message: FULFILMENT_FILTER_MESSAGE })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value === null ? undefined : value))
  @IsOptional()
  fulfilment?: AdminTaskFulfilmentFilter;

  @ApiPropertyOptional({ description: 'Case-insensitive part of an order id, payment id, plan name or customer e-mail.', maxLength: MAX_SEARCH_LENGTH })
  @MaxLength(MAX_SEARCH_LENGTH, { message: `q must be at most ${MAX_SEARCH_LENGTH} characters` })
  @IsString({ message: 'q must be text' })
  @Transform(blankToUndefined)
  @IsOptional()
  q?: string;

  @ApiPropertyOptional({
    description:
      "Next: the answer's cursors.next; the rows after that row, read from the sort index instead of skipping the pages before (send page + 1 too: the page number gives the paging meta). Absent for a jump to a page number.",
  })
  @MaxLength(MAX_CURSOR_LENGTH, { message: CURSOR_MESSAGE })
  @IsString({ message: CURSOR_MESSAGE })
  @Transform(blankToUndefined)
  @IsOptional()
  after?: string;

  @ApiPropertyOptional({ description: "Previous: the answer's cursors.prev; the rows before that row (send page - 1 too). Not with after." })
  @MaxLength(MAX_CURSOR_LENGTH, { message: CURSOR_MESSAGE })
  @IsString({ message: CURSOR_MESSAGE })
  @Transform(blankToUndefined)
  @IsOptional()
  before?: string;
}

/** POST /admin/upStatus. */
export class UpdateStatusRequest {
  @IdField('subscriptionId', 'subscription id', { example: '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10' })
  subscriptionId: string;

  @ApiProperty({ enum: ADMIN_SETTABLE_STATUSES, description: '0 In Process, 1 Completed' })
  @IsIn(ADMIN_SETTABLE_STATUSES as number[], { message: STATUS_MESSAGE })
  @Transform(wholeNumberOrNaN())
  @IsDefined({ message: 'Status is required' })
  Status: number;
}

const IDS_MESSAGE = `subscriptionIds must be a list of 1 to ${MAX_ORDERS_AT_ONCE} subscription ids`;

/** POST /admin/tasks/complete: the orders to mark Completed (a page of the task list at most). */
export class CompleteOrdersRequest {
  @ApiProperty({ type: [String], example: ['9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10'], description: `1 to ${MAX_ORDERS_AT_ONCE} subscription ids` })
  @IsUUID('all', { each: true, message: 'each of subscriptionIds must be a valid subscription id' })
  @IsString({ each: true, message: 'each of subscriptionIds must be a valid subscription id' })
  @ArrayMaxSize(MAX_ORDERS_AT_ONCE, { message: IDS_MESSAGE })
  @ArrayNotEmpty({ message: IDS_MESSAGE })
  @IsArray({ message: IDS_MESSAGE })
  @IsDefined({ message: 'subscriptionIds is required' })
  subscriptionIds: string[];
}

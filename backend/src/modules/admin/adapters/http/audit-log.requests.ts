import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsOptional, IsString, IsUUID } from 'class-validator';
import { AdminPageRequest } from '../../../../platform/http/admin-page.request';

// Stacked decorators run bottom-up and validation stops at the first failure (stopAtFirstError), so
// each field lists its checks from the most specific (top) to "is it there at all" (bottom).

/** The kinds of action the log holds: the part of `action` before its first dot. */
export const AUDIT_KINDS = ['subscription', 'fulfilment', 'refund', 'refund_request', 'service', 'plan', 'pricing', 'document', 'user', 'admin', 'export'] as const;

const KIND_MESSAGE = `kind must be one of ${AUDIT_KINDS.join(', ')}`;
const instantMessage = (field: string) => `${field} must be a date and time such as 2026-01-31T18:30:00.000Z`;
/** Text only (an object or a number is refused by the validators, not turned into text). */
const textOrUndefined = ({ value }: { value: unknown }) => (value === null || value === '' ? undefined : value);

/**
 * POST /admin/audit: `page` and `limit` (10, 20, 50 or 100; 10 by default), and the filters: `actor`
 * (an admin's id), `kind` (of action), `from` (included) and `to` (excluded), instants in ISO 8601.
 */
export class AuditPageRequest extends AdminPageRequest {
  @ApiPropertyOptional({ format: 'uuid', description: "Only this admin's changes." })
  @IsUUID('all', { message: 'actor must be an admin id (a UUID)' })
  @IsString({ message: 'actor must be an admin id (a UUID)' })
  @Transform(textOrUndefined)
  @IsOptional()
  actor?: string;

  @ApiPropertyOptional({ enum: AUDIT_KINDS, description: "Only this kind of action ('subscription' is subscription.status, …)." })
  @IsIn(AUDIT_KINDS as unknown as string[], { message: KIND_MESSAGE })
  @IsString({ message: KIND_MESSAGE })
  @Transform(textOrUndefined)
  @IsOptional()
  kind?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Changes made at or after this instant.' })
  @IsISO8601({ strict: true, strictSeparator: true }, { message: instantMessage('from') })
  @IsString({ message: instantMessage('from') })
  @Transform(textOrUndefined)
  @IsOptional()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Changes made before this instant.' })
  @IsISO8601({ strict: true, strictSeparator: true }, { message: instantMessage('to') })
  @IsString({ message: instantMessage('to') })
  @Transform(textOrUndefined)
  @IsOptional()
  to?: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { GRANULARITIES, type Granularity, TZ_MESSAGE } from '../../domain/period';
import { EXPORT_ORDER_STATUSES, type ExportOrderStatus } from '../../domain/export-filter';

// Stacked decorators run bottom-up and validation stops at the first failure (stopAtFirstError), so
// each field lists its checks from the most specific (top) to "is it there at all" (bottom).

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateMessage = (name: string) => `${name} must be a date such as 2026-01-31`;

/** The period's two dates (local dates in `tz`, both included) and the zone, shared by the Overview and the exports. */
class PeriodRequest {
  @ApiProperty({ example: '2026-01-01', description: 'First local day of the period (YYYY-MM-DD), in tz.' })
  @Matches(DATE, { message: dateMessage('from') })
  @IsString({ message: dateMessage('from') })
  @IsDefined({ message: 'from is required' })
  @Transform(trimmed)
  from: string;

  @ApiProperty({ example: '2026-01-31', description: 'Last local day of the period (included); less than 5 years after from.' })
  @Matches(DATE, { message: dateMessage('to') })
  @IsString({ message: dateMessage('to') })
  @IsDefined({ message: 'to is required' })
  @Transform(trimmed)
  to: string;

  @ApiPropertyOptional({ example: 'Asia/Kolkata', description: 'IANA time zone of the dates; else the X-Timezone header; else UTC.' })
  @MaxLength(64, { message: TZ_MESSAGE })
  @IsString({ message: TZ_MESSAGE })
  @IsOptional()
  @Transform(trimmed)
  tz?: string;
}

/** POST /admin/overview. */
export class OverviewRequest extends PeriodRequest {
  @ApiPropertyOptional({ enum: GRANULARITIES, description: 'Chart buckets: hour (periods up to 31 days), day, month. Default: day up to 92 days, else month.' })
  @IsIn(GRANULARITIES as unknown as string[], { message: `granularity must be one of ${GRANULARITIES.join(', ')}` })
  @IsOptional()
  granularity?: Granularity;
}

const Q_MESSAGE = 'q must be text of at most 254 characters';

/** GET /admin/export/customers.csv?from=…&to=…[&tz=…][&platform=…][&q=…] */
export class CustomersExportQuery extends PeriodRequest {
  @ApiPropertyOptional({ example: 'youtube', description: "Only customers with a paid order of this platform (the plan's slug)." })
  @Matches(/^[a-z0-9][a-z0-9-]{0,39}$/, { message: 'platform must be a platform such as youtube' })
  @IsString({ message: 'platform must be a platform such as youtube' })
  @IsOptional()
  @Transform(trimmed)
  platform?: string;

  @ApiPropertyOptional({ example: 'ann@', description: 'Part of the name, e-mail address or phone, any letter case.' })
  @MaxLength(254, { message: Q_MESSAGE })
  @IsString({ message: Q_MESSAGE })
  @IsOptional()
  @Transform(trimmed)
  q?: string;
}

/** GET /admin/export/orders.csv?from=…&to=…[&tz=…][&status=…][&platform=…][&q=…] */
export class OrdersExportQuery extends CustomersExportQuery {
  @ApiPropertyOptional({ enum: EXPORT_ORDER_STATUSES, description: 'Only orders in this payment status.' })
  @IsIn(EXPORT_ORDER_STATUSES as unknown as string[], { message: `status must be one of ${EXPORT_ORDER_STATUSES.join(', ')}` })
  @IsOptional()
  status?: ExportOrderStatus;
}

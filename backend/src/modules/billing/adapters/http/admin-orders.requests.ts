import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn } from 'class-validator';
import { AdminPageRequest } from '../../../../platform/http/admin-page.request';
import { ADMIN_ORDER_KINDS, type AdminOrderKind } from '../../domain/payment-order';

/** POST /admin/orders. */
export class AdminOrdersRequest extends AdminPageRequest {
  @ApiProperty({ enum: ADMIN_ORDER_KINDS, description: 'paid-without-subscription: paid, no subscription; unpaid-stale: not paid, older than an hour.' })
  @IsIn(ADMIN_ORDER_KINDS as AdminOrderKind[], { message: `kind must be one of ${ADMIN_ORDER_KINDS.join(', ')}` })
  @IsDefined({ message: 'kind is required' })
  kind: AdminOrderKind;
}

import type { ApiSuccess, AttentionOrder, OrdersAnswer } from '@growth/contracts';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { adminPaging, DEFAULT_ADMIN_PAGE_SIZE } from '../../../../platform/http/admin-paging';
import { ListAdminOrdersUseCase } from '../../application/list-admin-orders.use-case';
import type { PaymentOrder } from '../../domain/payment-order';
import { AdminOrdersRequest } from './admin-orders.requests';

/** An order as the admin sees it, from an explicit list of fields. */
export function adminOrderBody(order: PaymentOrder): AttentionOrder {
  return {
    orderId: order.orderId,
    userId: order.userId,
    email: order.email,
    customerName: order.customerName,
    planId: order.planId,
    planName: order.planName,
    tier: { pricingId: order.tier.pricingId, name: order.tier.name, price: order.tier.price },
    amount: order.amount,
    currency: order.currency,
    status: order.status,
    paymentId: order.paymentId,
    failureReason: order.failureReason,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    sandbox: order.sandbox,
  };
}

/** Orders that need staff's eye (docs/product.md#admin: paid but no subscription, unpaid for over an hour). Admin token only. */
@ApiTags('admin')
@Controller('admin')
@Authenticated('admin')
export class AdminOrdersController {
  constructor(private readonly listOrders: ListAdminOrdersUseCase) {}

  @Post('orders')
  @HttpCode(200)
  @ApiOkResponse({
    description:
      '{ success: true, data: [{ orderId, userId, email, customerName, planId, planName, tier: { pricingId, name, price }, amount (minor units), currency, status, paymentId, failureReason, createdAt, paidAt, sandbox (paid with no real money) }], paging: { total, page, limit, pages, hasNext, hasPrev } } (newest first)',
  })
  @ApiBadRequestResponse({ description: 'The message names the field: kind, page or limit.' })
  async orders(@CurrentPrincipal() caller: Principal, @Body() body: AdminOrdersRequest): Promise<ApiSuccess<OrdersAnswer>> {
    const page = body.page ?? 1;
    const limit = body.limit ?? DEFAULT_ADMIN_PAGE_SIZE;
    const found = await this.listOrders.execute(caller, { kind: body.kind, page, limit });
    return { success: true as const, data: found.items.map(adminOrderBody), paging: adminPaging(found.total, page, limit, found.hasNext) };
  }
}

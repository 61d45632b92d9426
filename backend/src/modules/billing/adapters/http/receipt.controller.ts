import { orderNumberOf, type ApiSuccess, type Receipt, type ReceiptAnswer } from '@growth/contracts';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { formatMinorUnits } from '../../../../kernel/money';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { SHOP_NAME } from '../../../../platform/config/brand';
import { ReadReceiptUseCase, type OrderReceipt } from '../../application/read-receipt.use-case';
import { ReceiptRequest } from './receipt.requests';

/**
 * A receipt from an explicit list of fields (docs/payments.md#receipt). Amounts are summed in minor
 * units and written as decimal text by the currency table, never through a float: `refunded` the
 * processed refunds, `pending` those on their way, `netPaid` the amount less what came back.
 */
export function receiptBody({ order, refunds, quantity }: OrderReceipt): Receipt {
  const money = (minor: number) => formatMinorUnits(minor, order.currency);
  const total = (state: 'processed' | 'pending') => refunds.filter((refund) => refund.state === state).reduce((sum, refund) => sum + refund.amount, 0);
  const refunded = total('processed');
  return {
    shopName: SHOP_NAME,
    orderId: order.orderId,
    orderNumber: orderNumberOf(order.subscriptionId),
    paidAt: order.paidAt.toISOString(),
    customer: { name: order.customerName, email: order.email },
    package: { planName: order.planName, tierName: order.tier.name, quantity },
    profileLink: order.profileLink,
    amount: money(order.amount),
    currency: order.currency,
    paymentId: order.paymentId,
    refunds: refunds.map((refund) => ({
      amount: money(refund.amount),
      state: refund.state,
      createdAt: refund.createdAt.toISOString(),
      settledAt: refund.settledAt?.toISOString() ?? null,
    })),
    refunded: money(refunded),
    pending: money(total('pending')),
    netPaid: money(order.amount - refunded),
  };
}

/** A paid order's receipt: its own customer or an admin (docs/payments.md#receipt). */
@ApiTags('orders')
@Controller('orders')
export class ReceiptController {
  constructor(private readonly readReceipt: ReadReceiptUseCase) {}

  @Get(':orderId/receipt')
  @Authenticated('customer', 'admin')
  @ApiOkResponse({
    description:
      '{ success: true, receipt: { shopName, orderId, orderNumber, paidAt, customer, package, profileLink, amount, currency, paymentId, refunds, refunded, pending, netPaid } }',
  })
  @ApiBadRequestResponse({ description: 'orderId is not an order id (the message says so).' })
  @ApiNotFoundResponse({ description: "'Receipt not found': no such order, not paid, not honoured, or another customer's (the same answer for each)." })
  async receipt(@CurrentPrincipal() caller: Principal, @Param() request: ReceiptRequest): Promise<ApiSuccess<ReceiptAnswer>> {
    return { success: true as const, receipt: receiptBody(await this.readReceipt.execute(caller, request.orderId)) };
  }
}

import type {
  ApiSuccess,
  RefundAnswer,
  RefundRow,
  RefundsAnswer,
  StaffRefund as StaffRefundBody,
  StaffRefundRequest as StaffRefundRequestBody,
  Subscription,
  SubscriptionAnswer,
} from '@growth/contracts';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { adminPaging, DEFAULT_ADMIN_PAGE_SIZE } from '../../../../platform/http/admin-paging';
import { Clock } from '../../../../platform/time/clock';
import { SubscriptionPresenter } from '../../../subscriptions';
import { DecideRefundRequestUseCase } from '../../application/decide-refund-request.use-case';
import { ListRefundsUseCase } from '../../application/list-refunds.use-case';
import type { RefundListRow } from '../../application/refund.repository.port';
import { RefundOrderUseCase } from '../../application/refund-order.use-case';
import { RequestRefundUseCase } from '../../application/request-refund.use-case';
import { formatMinorUnits } from '../../../../kernel/money';
import type { Refund, RefundRequest } from '../../domain/refund';
import { DecideRefundRequestRequest, RefundListRequest, RefundRequestRequest, StaffRefundRequest } from './refund.requests';

const money = (amount: number | null, currency: string) => (amount === null ? null : formatMinorUnits(amount, currency));

/** A refund as staff see it (docs/refunds.md), from an explicit list of fields; amounts as decimal text. */
export function refundBody(refund: Refund): StaffRefundBody {
  return {
    refundId: refund.refundId,
    orderId: refund.orderId,
    subscriptionId: refund.subscriptionId,
    state: refund.state,
    amount: money(refund.amount, refund.currency),
    currency: refund.currency,
    reason: refund.reason,
    note: refund.note,
    failure: refund.state === 'failed' ? refund.failureReason : null,
    gatewayRefundId: refund.gatewayRefundId,
    createdAt: refund.createdAt.toISOString(),
    settledAt: refund.settledAt?.toISOString() ?? null,
  };
}

function requestBody(request: RefundRequest): StaffRefundRequestBody {
  return {
    requestId: request.requestId,
    subscriptionId: request.subscriptionId,
    orderId: request.orderId,
    source: request.source,
    reason: request.reason,
    amount: money(request.amount, request.currency),
    currency: request.currency,
    state: request.state,
    message: request.message,
    refundId: request.refundId,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
}

function listRowBody(row: RefundListRow): RefundRow {
  return {
    ...row,
    amount: money(row.amount, row.currency),
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** The customer's refund request (docs/refunds.md): the order's owner only. */
@ApiTags('subscription')
@Controller('subscription')
export class CustomerRefundController {
  constructor(
    private readonly requestRefund: RequestRefundUseCase,
    private readonly clock: Clock,
    private readonly presenter: SubscriptionPresenter,
  ) {}

  @Post('refund-request')
  @HttpCode(200)
  @Authenticated('customer')
  @ApiOkResponse({ description: "{ success: true, message, subscription } (its refund says requestState 'open')" })
  @ApiForbiddenResponse({ description: "Another customer's order." })
  @ApiConflictResponse({ description: 'Outside the refund window (the message names the policy), a request already open, nothing left to refund.' })
  async request(@CurrentPrincipal() caller: Principal, @Body() body: RefundRequestRequest): Promise<ApiSuccess<SubscriptionAnswer<Subscription>>> {
    const subscription = await this.requestRefund.execute(caller, body);
    return {
      success: true as const,
      message: 'Refund requested. We review requests within 7-10 business days.',
      subscription: this.presenter.subscriptionBody(subscription, this.clock.now()),
    };
  }
}

/** Staff's refunds (docs/refunds.md). Admin token only; every write audited. */
@ApiTags('admin')
@Controller('admin')
@Authenticated('admin')
@ApiBadRequestResponse({ description: 'The message names the field.' })
export class AdminRefundsController {
  constructor(
    private readonly refundOrder: RefundOrderUseCase,
    private readonly decide: DecideRefundRequestUseCase,
    private readonly list: ListRefundsUseCase,
    private readonly clock: Clock,
    private readonly presenter: SubscriptionPresenter,
  ) {}

  @Post('refunds')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, refund, subscription } (the refund as it is after the gateway call: pending, processed or failed)' })
  @ApiNotFoundResponse({ description: 'Unknown subscription.' })
  @ApiConflictResponse({ description: 'More than is left to refund, or nothing left.' })
  async refund(@CurrentPrincipal() caller: Principal, @Body() body: StaffRefundRequest): Promise<ApiSuccess<RefundAnswer>> {
    const { refund, subscription } = await this.refundOrder.execute(caller, body);
    return { success: true as const, refund: refundBody(refund), subscription: this.presenter.adminSubscriptionBody(subscription, this.clock.now()) };
  }

  @Post('refund-requests/decide')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, request, refund (null when declined), subscription }' })
  @ApiNotFoundResponse({ description: 'Unknown request.' })
  @ApiConflictResponse({ description: 'Already decided, or more than is left to refund.' })
  async decideRequest(@CurrentPrincipal() caller: Principal, @Body() body: DecideRefundRequestRequest): Promise<ApiSuccess<RefundAnswer>> {
    const decided = await this.decide.execute(caller, body);
    return {
      success: true as const,
      request: requestBody(decided.request),
      refund: decided.refund ? refundBody(decided.refund) : null,
      subscription: decided.subscription ? this.presenter.adminSubscriptionBody(decided.subscription, this.clock.now()) : null,
    };
  }

  @Post('refunds/list')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, data: RefundRow[] (newest first), paging: { total, page, limit, pages, hasNext, hasPrev } }' })
  async refunds(@Body() body: RefundListRequest): Promise<ApiSuccess<RefundsAnswer>> {
    const page = body.page ?? 1;
    const limit = body.limit ?? DEFAULT_ADMIN_PAGE_SIZE;
    const found = await this.list.execute({ page, limit, state: body.state ?? null, q: body.q ?? null });
    return { success: true as const, data: found.items.map(listRowBody), paging: adminPaging(found.total, page, limit, found.hasNext) };
  }
}

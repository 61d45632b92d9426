import type { AdminSubscription, ApiSuccess, CompleteOrdersAnswer, SubscriptionAnswer, TasksAnswer } from '@growth/contracts';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { adminPaging } from '../../../../platform/http/admin-paging';
import { Clock } from '../../../../platform/time/clock';
import { CompleteOrdersUseCase } from '../../application/complete-orders.use-case';
import { ListAdminTasksUseCase } from '../../application/list-admin-tasks.use-case';
import { UpdateSubscriptionStatusUseCase } from '../../application/update-subscription-status.use-case';
import { adminTaskQuery, encodeTaskCursor } from '../../domain/admin-task-list';
import { AdminTasksRequest, CompleteOrdersRequest, UpdateStatusRequest } from './admin-tasks.requests';
import { SubscriptionPresenter } from './subscription.presenter';

/**
 * The admin's Tasks screen (docs/product.md#admin; docs/product.md#api: /admin/tasks, /admin/upStatus and
 * /admin/tasks/complete): every customer's subscriptions, the Status toggle, and Mark Completed for
 * several orders at once. Admin token only.
 */
@ApiTags('admin')
@Controller('admin')
@Authenticated('admin')
@ApiBadRequestResponse({ description: 'The message names the field (page, limit, sortBy, sortOrder, Status, fulfilment, q, after/before, subscriptionId).' })
export class AdminTasksController {
  constructor(
    private readonly listTasks: ListAdminTasksUseCase,
    private readonly updateStatus: UpdateSubscriptionStatusUseCase,
    private readonly completeOrders: CompleteOrdersUseCase,
    private readonly clock: Clock,
    private readonly presenter: SubscriptionPresenter,
  ) {}

  @Post('tasks')
  @HttpCode(200)
  @ApiOkResponse({
    description:
      '{ success: true, data: [Subscription + customer: { userId, name, email } + fulfilment (null on the manual path)], paging: { total, page, limit, pages, hasNext, hasPrev } }. ' +
      "total is exact without q; with q, exact up to 1,000 matches and the database's estimate above (hasNext is always exact). " +
      'cursors: { next, prev }: send next as after (with page + 1) for the next page, prev as before (with page - 1) for the previous one; null at the ends. ' +
      'With a cursor the rows follow the cursor and the paging meta follows the page number sent.',
  })
  async tasks(@CurrentPrincipal() caller: Principal, @Body() body: AdminTasksRequest): Promise<ApiSuccess<TasksAnswer>> {
    const query = adminTaskQuery({
      page: body.page,
      limit: body.limit,
      sortBy: body.sortBy,
      sortOrder: body.sortOrder,
      status: body.Status,
      fulfilment: body.fulfilment,
      q: body.q,
      after: body.after,
      before: body.before,
    });
    const page = await this.listTasks.execute(caller, query);
    const now = this.clock.now();
    return {
      success: true as const,
      data: page.items.map((s) => this.presenter.adminSubscriptionBody(s, now)),
      paging: adminPaging(page.total, query.page, query.limit, page.hasNext),
      cursors: {
        next: page.next ? encodeTaskCursor(query, page.next) : null,
        prev: page.prev ? encodeTaskCursor(query, page.prev) : null,
      },
    };
  }

  @Post('upStatus')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, subscription: Subscription + customer } (the subscription as it is now)' })
  @ApiNotFoundResponse({ description: "'Subscription not found'" })
  async upStatus(@CurrentPrincipal() caller: Principal, @Body() body: UpdateStatusRequest): Promise<ApiSuccess<SubscriptionAnswer<AdminSubscription>>> {
    const subscription = await this.updateStatus.execute(caller, body.subscriptionId, body.Status);
    return { success: true as const, subscription: this.presenter.adminSubscriptionBody(subscription, this.clock.now()) };
  }

  @Post('tasks/complete')
  @HttpCode(200)
  @ApiOkResponse({
    description:
      "{ success: true, completed, refused, results: [{ subscriptionId, outcome: 'completed', status } or { subscriptionId, outcome: 'refused', error, message }] }, " +
      'one result per order sent (duplicates once), in the order sent. Each order is marked as /admin/upStatus marks it (audited, the customer mailed once); ' +
      'an order already Completed is answered completed again and changes nothing; a fully refunded or unknown order is refused with the reason, the others still done.',
  })
  async complete(@CurrentPrincipal() caller: Principal, @Body() body: CompleteOrdersRequest): Promise<ApiSuccess<CompleteOrdersAnswer>> {
    const results = await this.completeOrders.execute(caller, body.subscriptionIds);
    return {
      success: true as const,
      completed: results.filter((r) => r.outcome === 'completed').length,
      refused: results.filter((r) => r.outcome === 'refused').length,
      results,
    };
  }
}

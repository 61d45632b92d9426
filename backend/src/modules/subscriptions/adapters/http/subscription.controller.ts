import type { AdminSubscription, ApiSuccess, MetaPagedAnswer, Subscription, UserSubscriptionsAnswer } from '@growth/contracts';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { Clock } from '../../../../platform/time/clock';
import { ListSubscriptionPageUseCase } from '../../application/list-subscription-page.use-case';
import { ListUserSubscriptionsUseCase } from '../../application/list-user-subscriptions.use-case';
import { listPageQuery, type SubscriptionList, type SubscriptionPage } from '../../domain/subscription-list';
import { SubscriptionPresenter } from './subscription.presenter';
import { SubscriptionPageRequest, UserSubscriptionsRequest } from './subscription.requests';

const PAGE_RESPONSE = '{ success: true, data: Subscription[] (newest first), meta: { total, page, perPage, lastPage } }';

/**
 * The customer's own lists (docs/product.md#screens-and-routes: Active and Completed lists; docs/product.md#api). A customer reads their own,
 * an admin anyone's; another customer's userId is a 403.
 */
@ApiTags('subscription')
@Controller('subscription')
@Authenticated('customer', 'admin')
@ApiForbiddenResponse({ description: "'You can only see your own services.' (another customer's userId)" })
@ApiBadRequestResponse({ description: 'The message names the field: userId, page or limit.' })
export class SubscriptionController {
  constructor(
    private readonly listPage: ListSubscriptionPageUseCase,
    private readonly listAll: ListUserSubscriptionsUseCase,
    private readonly clock: Clock,
    private readonly presenter: SubscriptionPresenter,
  ) {}

  @Post('activeService')
  @HttpCode(200)
  @ApiOkResponse({ description: `${PAGE_RESPONSE}; Status 0 (In Process) only.` })
  active(@CurrentPrincipal() caller: Principal, @Body() body: SubscriptionPageRequest) {
    return this.page(caller, body, 'active');
  }

  @Post('completedService')
  @HttpCode(200)
  @ApiOkResponse({ description: `${PAGE_RESPONSE}; every Status other than 0 (1 Completed and any later state).` })
  completed(@CurrentPrincipal() caller: Principal, @Body() body: SubscriptionPageRequest) {
    return this.page(caller, body, 'completed');
  }

  @Post('user')
  @HttpCode(200)
  @ApiOkResponse({
    description:
      "{ success: true, subscriptions: Subscription[] } (all of the user's, newest first); to the admin token each is the admin's body (customer, fulfilment, the refill history), as on the task card",
  })
  async user(
    @CurrentPrincipal() caller: Principal,
    @Body() body: UserSubscriptionsRequest,
  ): Promise<ApiSuccess<UserSubscriptionsAnswer<Subscription | AdminSubscription>>> {
    const subscriptions = await this.listAll.execute(caller, body.userId);
    const now = this.clock.now();
    // Staff's page of a client's services shows what the task card shows (docs/refill.md, "Bodies");
    // the body follows the token's role, never the body, so a customer still reads only their own words.
    const admin = caller.role === 'admin';
    return {
      success: true as const,
      subscriptions: subscriptions.map((s) => (admin ? this.presenter.adminSubscriptionBody(s, now) : this.presenter.subscriptionBody(s, now))),
    };
  }

  private async page(caller: Principal, body: SubscriptionPageRequest, which: SubscriptionList) {
    const query = listPageQuery({ userId: body.userId, which, page: body.page, limit: body.limit });
    return pageBody(await this.listPage.execute(caller, query), this.clock.now(), this.presenter);
  }
}

function pageBody(page: SubscriptionPage, now: Date, presenter: SubscriptionPresenter): ApiSuccess<MetaPagedAnswer<Subscription>> {
  const { total, page: current, perPage, lastPage } = page.meta;
  return { success: true as const, data: page.items.map((s) => presenter.subscriptionBody(s, now)), meta: { total, page: current, perPage, lastPage } };
}

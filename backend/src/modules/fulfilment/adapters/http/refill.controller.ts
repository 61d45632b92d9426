import type { ApiSuccess, Subscription, SubscriptionAnswer } from '@growth/contracts';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { Clock } from '../../../../platform/time/clock';
import { SubscriptionPresenter } from '../../../subscriptions';
import { REFILL_MESSAGES } from '../../domain/refill';
import { type RefillOutcome, RequestRefillUseCase } from '../../application/request-refill.use-case';
import { FulfilmentOrderRequest } from './fulfilment-admin.requests';

/** What the customer reads after asking, by what the provider answered. */
export const CUSTOMER_REFILL_MESSAGES: Readonly<Record<RefillOutcome, string>> = {
  placed: 'Refill requested. The provider is topping up your order; this page shows when it is done.',
  review: 'Refill requested. Our team is checking it with the provider.',
  rejected: REFILL_MESSAGES.rejected,
  unsupported: REFILL_MESSAGES.unsupported,
};

/** The customer's refill request (docs/refill.md): the order's owner only. */
@ApiTags('subscription')
@Controller('subscription')
export class CustomerRefillController {
  constructor(
    private readonly requestRefill: RequestRefillUseCase,
    private readonly clock: Clock,
    private readonly presenter: SubscriptionPresenter,
  ) {}

  @Post('refill')
  @HttpCode(200)
  @Authenticated('customer')
  @ApiOkResponse({
    description:
      "{ success: true, message, subscription } (its refill: { state, days, requestedAt, settledAt, until, canRequest, nextRequestAt, message }); a provider that refuses or has no refills still answers 200, the refill 'rejected' with a plain sentence",
  })
  @ApiBadRequestResponse({ description: 'Not Completed or Partial, no refill guarantee, the guarantee is over (the message says when it ended), or a malformed body.' })
  @ApiForbiddenResponse({ description: "Another customer's order." })
  @ApiNotFoundResponse({ description: "'Subscription not found'" })
  @ApiConflictResponse({ description: 'A refill is under way, or one was requested less than 24 hours ago (the message says when the next one can be asked).' })
  @ApiServiceUnavailableResponse({ description: 'The provider could not be reached; nothing was requested.' })
  async request(@CurrentPrincipal() caller: Principal, @Body() body: FulfilmentOrderRequest): Promise<ApiSuccess<SubscriptionAnswer<Subscription>>> {
    const { subscription, outcome } = await this.requestRefill.execute(caller, body.subscriptionId);
    return { success: true as const, message: CUSTOMER_REFILL_MESSAGES[outcome], subscription: this.presenter.subscriptionBody(subscription, this.clock.now()) };
  }
}

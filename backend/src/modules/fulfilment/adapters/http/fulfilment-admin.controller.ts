import type {
  AdminSubscription,
  ApiSuccess,
  MappingAnswer,
  MappingsAnswer,
  ProviderBalanceAnswer,
  ServicesAnswer,
  SubscriptionAnswer,
  SyncReport,
} from '@growth/contracts';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { AppError } from '../../../../platform/errors/app-error';
import { providerUnavailable } from '../../domain/fulfilment.errors';
import { Clock } from '../../../../platform/time/clock';
import { SubscriptionPresenter } from '../../../subscriptions';
import { CancelFulfilmentUseCase } from '../../application/cancel-fulfilment.use-case';
import { GetProviderOverviewUseCase } from '../../application/get-provider-overview.use-case';
import { ListProviderServicesUseCase } from '../../application/list-provider-services.use-case';
import { LinkUpstreamOrderUseCase } from '../../application/link-upstream-order.use-case';
import { ListTierMappingsUseCase } from '../../application/list-tier-mappings.use-case';
import { RetryFulfilmentUseCase } from '../../application/retry-fulfilment.use-case';
import { type RefillOutcome, RequestRefillUseCase } from '../../application/request-refill.use-case';
import { SetTierMappingUseCase } from '../../application/set-tier-mapping.use-case';
import { SyncFulfilmentUseCase } from '../../application/sync-fulfilment.use-case';
import { SyncRefillsUseCase } from '../../application/sync-refills.use-case';
import { FulfilmentOrderRequest, LinkUpstreamOrderRequest, MappingsQuery, SetMappingRequest } from './fulfilment-admin.requests';
import { mappingBody, serviceBody } from './fulfilment.presenter';

const PROVIDER_DOWN = "{ success: false, message: 'The provider panel did not answer: …', error: 'provider_unavailable' }";
const SUBSCRIPTION = '{ success: true, subscription: Subscription + customer + fulfilment } (as /admin/upStatus answers)';

/** What staff read after asking, by what the provider answered. */
const STAFF_REFILL_MESSAGES: Readonly<Record<RefillOutcome, string>> = {
  placed: 'Refill asked of the provider; the sync pass follows it.',
  review: 'The provider did not answer clearly: the refill needs review. Check its panel before asking again.',
  rejected: 'The provider refused the refill; its words are in the refill history.',
  unsupported: 'This provider panel does not offer refills.',
};

/**
 * Automatic fulfilment for staff (docs/fulfilment.md): the provider's balance and services, which tier is
 * delivered by which upstream service, retry, link and cancel of orders that need review, and a sync pass
 * on demand. Admin token only; every write is audited in its transaction.
 */
@ApiTags('fulfilment (admin)')
@Controller('admin/fulfilment')
@Authenticated('admin')
@ApiBadRequestResponse({ description: 'The message names the field.' })
export class FulfilmentAdminController {
  constructor(
    private readonly overview: GetProviderOverviewUseCase,
    private readonly services: ListProviderServicesUseCase,
    private readonly listMappings: ListTierMappingsUseCase,
    private readonly setMapping: SetTierMappingUseCase,
    private readonly retryFulfilment: RetryFulfilmentUseCase,
    private readonly cancelFulfilment: CancelFulfilmentUseCase,
    private readonly linkUpstream: LinkUpstreamOrderUseCase,
    private readonly sync: SyncFulfilmentUseCase,
    private readonly requestRefill: RequestRefillUseCase,
    private readonly clock: Clock,
    private readonly syncRefills: SyncRefillsUseCase,
    private readonly presenter: SubscriptionPresenter,
  ) {}

  @Get('provider')
  @ApiOkResponse({
    description:
      "{ success: true, provider: 'manual' } or { success: true, provider: 'api-v2', balance: '12.34', currency: 'USD', threshold: '10', low: boolean, refill: 'supported' | 'unsupported' | 'unknown', refillMessage: string | null }",
  })
  @ApiBadGatewayResponse({ description: PROVIDER_DOWN })
  async provider(): Promise<ApiSuccess<{ provider: 'manual' } | ProviderBalanceAnswer<string>>> {
    const overview = await this.overview.execute();
    return 'balance' in overview
      ? {
          success: true as const,
          provider: overview.provider,
          balance: overview.balance,
          currency: overview.currency,
          threshold: overview.threshold,
          low: overview.low,
          refill: overview.refill ?? 'unknown',
          refillMessage: overview.refillMessage ?? null,
        }
      : { success: true as const, provider: overview.provider };
  }

  @Get('services')
  @ApiOkResponse({
    description: '{ success: true, provider, services: [{ service, name, type, category, rate, min, max, refill, cancel }] } (none with the manual panel)',
  })
  @ApiBadGatewayResponse({ description: PROVIDER_DOWN })
  async providerServices(): Promise<ApiSuccess<ServicesAnswer>> {
    const { provider, services } = await this.services.execute();
    return { success: true as const, provider, services: services.map(serviceBody) };
  }

  @Get('mappings')
  @ApiOkResponse({ description: '{ success: true, mappings: [{ pricingId, serviceId, serviceName, quantity, refillDays }] } for the tiers of the plan that have one' })
  async mappings(@Query() query: MappingsQuery): Promise<ApiSuccess<MappingsAnswer>> {
    return { success: true as const, mappings: (await this.listMappings.execute(query.planId)).map(mappingBody) };
  }

  @Post('mapping')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, mapping: { pricingId, serviceId, serviceName, quantity, refillDays } | null } (null: removed, the tier is manual)' })
  @ApiNotFoundResponse({ description: "'Pricing tier not found'" })
  @ApiConflictResponse({ description: "'Automatic fulfilment is off: set FULFILMENT_PROVIDER=api-v2'" })
  @ApiBadGatewayResponse({ description: PROVIDER_DOWN })
  async mapping(@CurrentPrincipal() caller: Principal, @Body() body: SetMappingRequest): Promise<ApiSuccess<MappingAnswer>> {
    const mapping = await this.setMapping.execute(caller, { pricingId: body.pricingId, serviceId: body.serviceId, quantity: body.quantity, refillDays: body.refillDays });
    return { success: true as const, mapping: mapping ? mappingBody(mapping) : null };
  }

  @Post('retry')
  @HttpCode(200)
  @ApiOkResponse({ description: SUBSCRIPTION })
  @ApiNotFoundResponse({ description: "'Subscription not found'" })
  @ApiConflictResponse({ description: "'Only an order that needs review can be retried'" })
  async retry(@CurrentPrincipal() caller: Principal, @Body() body: FulfilmentOrderRequest): Promise<ApiSuccess<SubscriptionAnswer<AdminSubscription>>> {
    return {
      success: true as const,
      subscription: this.presenter.adminSubscriptionBody(await this.retryFulfilment.execute(caller, body.subscriptionId), this.clock.now()),
    };
  }

  @Post('link')
  @HttpCode(200)
  @ApiOkResponse({ description: SUBSCRIPTION })
  @ApiBadRequestResponse({ description: "'The provider does not know order 123: Incorrect order ID', or the message naming the field" })
  @ApiNotFoundResponse({ description: "'Subscription not found'" })
  @ApiConflictResponse({ description: "'Only an order that needs review can be linked to a provider order'" })
  @ApiBadGatewayResponse({ description: PROVIDER_DOWN })
  async link(@CurrentPrincipal() caller: Principal, @Body() body: LinkUpstreamOrderRequest): Promise<ApiSuccess<SubscriptionAnswer<AdminSubscription>>> {
    return {
      success: true as const,
      subscription: this.presenter.adminSubscriptionBody(await this.linkUpstream.execute(caller, body.subscriptionId, body.upstreamOrderId), this.clock.now()),
    };
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiOkResponse({ description: SUBSCRIPTION })
  @ApiNotFoundResponse({ description: "'Subscription not found'" })
  @ApiConflictResponse({ description: "'Only an order not yet placed upstream can be cancelled here; cancel a placed one on the provider panel'" })
  async cancel(@CurrentPrincipal() caller: Principal, @Body() body: FulfilmentOrderRequest): Promise<ApiSuccess<SubscriptionAnswer<AdminSubscription>>> {
    return {
      success: true as const,
      subscription: this.presenter.adminSubscriptionBody(await this.cancelFulfilment.execute(caller, body.subscriptionId), this.clock.now()),
    };
  }

  @Post('refill')
  @HttpCode(200)
  @ApiOkResponse({ description: `{ success: true, message, subscription } (as /admin/upStatus answers; its refill carries review and history) (docs/refill.md)` })
  @ApiBadRequestResponse({ description: "'This order was not placed with the provider, so there is nothing to refill.', or the message naming the field" })
  @ApiNotFoundResponse({ description: "'Subscription not found'" })
  @ApiConflictResponse({ description: "'A refill for this order is already under way with the provider; wait until it is settled.'" })
  async refill(@CurrentPrincipal() caller: Principal, @Body() body: FulfilmentOrderRequest): Promise<ApiSuccess<SubscriptionAnswer<AdminSubscription>>> {
    const { subscription, outcome } = await this.requestRefill.execute(caller, body.subscriptionId);
    return { success: true as const, message: STAFF_REFILL_MESSAGES[outcome], subscription: this.presenter.adminSubscriptionBody(subscription, this.clock.now()) };
  }

  @Post('sync')
  @HttpCode(200)
  @ApiOkResponse({
    description:
      '{ success: true, orders, requests, updated, finished, unsynced, ms, refills: { refills, requests, settled, unsynced, abandoned, ms } }: one sync pass, now (nothing with the manual panel); unsynced: orders whose answer failed or could not be stored, each with a note, asked again on the next pass; refills: the open refills asked (docs/refill.md)',
  })
  @ApiBadGatewayResponse({ description: PROVIDER_DOWN + ' (what was stored before the failed call stays)' })
  async syncNow(): Promise<ApiSuccess<SyncReport>> {
    const { failure, orders, requests, updated, finished, unsynced, ms } = await this.sync.execute();
    if (failure) throw providerUnavailable(failure);
    const { failure: refillFailure, ...refills } = await this.syncRefills.execute();
    if (refillFailure) throw new AppError('bad_gateway', `The provider panel did not answer about refills: ${refillFailure}`, 'provider_unavailable');
    return { success: true as const, orders, requests, updated, finished, unsynced, ms, refills };
  }
}

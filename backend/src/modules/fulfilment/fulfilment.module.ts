import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../platform/config/app-config';
import { RefillViews } from '../subscriptions/application/refill-views.port';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CancelFulfilmentUseCase } from './application/cancel-fulfilment.use-case';
import { FulfilmentIntake } from './application/fulfilment-intake';
import { GetProviderOverviewUseCase } from './application/get-provider-overview.use-case';
import { ListProviderServicesUseCase } from './application/list-provider-services.use-case';
import { ListTierMappingsUseCase } from './application/list-tier-mappings.use-case';
import { PlaceOrderUseCase } from './application/place-order.use-case';
import { PlacementJobs } from './application/placement-jobs';
import { ShortfallJobs } from './application/shortfall-jobs';
import { ProviderPanel } from './application/provider-panel.port';
import { RetryFulfilmentUseCase } from './application/retry-fulfilment.use-case';
import { SetTierMappingUseCase } from './application/set-tier-mapping.use-case';
import { SyncFulfilmentUseCase } from './application/sync-fulfilment.use-case';
import { LinkUpstreamOrderUseCase } from './application/link-upstream-order.use-case';
import { TierMappingRepository } from './application/tier-mapping.repository.port';
import { FulfilmentAdminController } from './adapters/http/fulfilment-admin.controller';
import { CustomerRefillController } from './adapters/http/refill.controller';
import { RequestRefillUseCase } from './application/request-refill.use-case';
import { SyncRefillsUseCase } from './application/sync-refills.use-case';
import { RefillTerms } from './application/refill-terms';
import { CustomerRefillViews } from './application/customer-refill-views';
import { TierFulfilmentOrmEntity } from './adapters/persistence/tier-fulfilment.orm-entity';
import { TypeOrmTierMappingRepository } from './adapters/persistence/tier-mapping.repository';
import { TypeOrmFulfilmentLedger } from './adapters/persistence/fulfilment-ledger.repository';
import { TypeOrmRefillLedger } from './adapters/persistence/refill-ledger.repository';
import { FulfilmentLedger } from './application/fulfilment-ledger.port';
import { RefillLedger } from './application/refill-ledger.port';
import { ApiV2Panel } from './adapters/provider/api-v2.panel';
import { ManualPanel } from './adapters/provider/manual.panel';
import { FulfilmentProcessor, FulfilmentSchedule } from './adapters/queue/fulfilment.processor';

/**
 * Subscriptions' RefillViews port, answered by fulfilment's refill rules. Global, since
 * subscriptions' own routes need it and subscriptions cannot import fulfilment (fulfilment imports
 * subscriptions: docs/architecture.md#boundaries); it imports nothing, so no module cycle forms.
 */
@Global()
@Module({
  providers: [{ provide: RefillViews, useClass: CustomerRefillViews }],
  exports: [RefillViews],
})
export class RefillViewsModule {}

/**
 * Fulfilment (docs/fulfilment.md): paid orders of mapped tiers are placed with an upstream provider panel
 * ("API v2") by a queue job, and a repeating sync pass follows their status until the provider
 * reports a final word. The panel is chosen by FULFILMENT_PROVIDER: `manual` (the default: nothing
 * is sent, staff toggle the Status as before) or `api-v2`. The fulfilment state and its
 * moves (FulfilmentLedger), the refills (RefillLedger) and the tier → upstream service mappings
 * (tier_fulfilment) are this module's. Refills (docs/refill.md): customers and staff ask the provider to top up a
 * completed order; the sync pass follows them. Exports FulfilmentIntake (billing's way in),
 * GetProviderOverviewUseCase (reports' low balance) and RefillTerms (the pricing pages' guarantee);
 * binds subscriptions' RefillViews (RefillViewsModule).
 */
@Module({
  imports: [TypeOrmModule.forFeature([TierFulfilmentOrmEntity]), SubscriptionsModule, RefillViewsModule],
  controllers: [FulfilmentAdminController, CustomerRefillController],
  providers: [
    {
      provide: ProviderPanel,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => (config.fulfilment.provider === 'api-v2' ? new ApiV2Panel(config.fulfilment) : new ManualPanel()),
    },
    { provide: TierMappingRepository, useClass: TypeOrmTierMappingRepository },
    { provide: FulfilmentLedger, useClass: TypeOrmFulfilmentLedger },
    { provide: RefillLedger, useClass: TypeOrmRefillLedger },
    PlacementJobs,
    ShortfallJobs,
    FulfilmentIntake,
    PlaceOrderUseCase,
    SyncFulfilmentUseCase,
    LinkUpstreamOrderUseCase,
    GetProviderOverviewUseCase,
    ListProviderServicesUseCase,
    ListTierMappingsUseCase,
    SetTierMappingUseCase,
    RetryFulfilmentUseCase,
    CancelFulfilmentUseCase,
    RequestRefillUseCase,
    SyncRefillsUseCase,
    RefillTerms,
    FulfilmentProcessor,
    FulfilmentSchedule,
  ],
  exports: [FulfilmentIntake, GetProviderOverviewUseCase, RefillTerms],
})
export class FulfilmentModule {}

import { Module } from '@nestjs/common';
import { ChangeEvents, followChanges } from '../../platform/events/change-events';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FulfilmentModule } from '../fulfilment/fulfilment.module';
import { CreatePlanUseCase } from './application/create-plan.use-case';
import { DeletePlanUseCase } from './application/delete-plan.use-case';
import { DeletePricingUseCase } from './application/delete-pricing.use-case';
import { FindTierForSaleUseCase } from './application/find-tier-for-sale.use-case';
import { GetPlanByNameUseCase } from './application/get-plan-by-name.use-case';
import { GetPlanUseCase } from './application/get-plan.use-case';
import { ListPlansUseCase } from './application/list-plans.use-case';
import { ListSellablePlansUseCase } from './application/list-sellable-plans.use-case';
import { PlanRepository } from './application/plan.repository.port';
import { PlanResponseCache } from './application/plan-response.cache';
import { UpdatePlanUseCase } from './application/update-plan.use-case';
import { PlansAdminController } from './adapters/http/plans-admin.controller';
import { PlansController } from './adapters/http/plans.controller';
import { PlansFastPath } from './adapters/http/plans-fast-path';
import { PlanOrmEntity } from './adapters/persistence/plan.orm-entity';
import { TypeOrmPlanRepository } from './adapters/persistence/plan.repository';
import { PlansSeeder } from './adapters/persistence/plans.seeder';
import { PricingTierOrmEntity } from './adapters/persistence/pricing-tier.orm-entity';

/**
 * Plans: one priced plan per platform with its pricing tiers (the pricing pages).
 * PlanResponseCache follows change events: a write use case publishes 'plans' through ChangeEvents
 * (after its commit), here and on every other instance.
 * Exports GetPlanByNameUseCase and FindTierForSaleUseCase (billing's tier lookup: it never reads
 * these tables).
 */
@Module({
  imports: [TypeOrmModule.forFeature([PlanOrmEntity, PricingTierOrmEntity]), FulfilmentModule],
  controllers: [PlansController, PlansAdminController],
  providers: [
    { provide: PlanRepository, useClass: TypeOrmPlanRepository },
    { provide: PlanResponseCache, inject: [ChangeEvents], useFactory: (events: ChangeEvents) => followChanges(events, 'plans', new PlanResponseCache()) },
    GetPlanByNameUseCase,
    FindTierForSaleUseCase,
    ListPlansUseCase,
    GetPlanUseCase,
    CreatePlanUseCase,
    UpdatePlanUseCase,
    DeletePricingUseCase,
    DeletePlanUseCase,
    PlansSeeder,
    PlansFastPath,
    ListSellablePlansUseCase,
  ],
  exports: [GetPlanByNameUseCase, FindTierForSaleUseCase, ListSellablePlansUseCase],
})
export class PlansModule {}

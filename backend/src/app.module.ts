import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './platform/config/app-config';
import { PlatformModule } from './platform/platform.module';
import { AdminModule } from './modules/admin/admin.module';
import { BillingModule } from './modules/billing/billing.module';
import { BILLING_QUEUE } from './modules/fulfilment/application/shortfall-jobs';
import { CatalogueModule } from './modules/catalogue/catalogue.module';
import { FULFILMENT_QUEUE } from './modules/fulfilment/application/placement-jobs';
import { FulfilmentModule } from './modules/fulfilment/fulfilment.module';
import { IdentityModule } from './modules/identity/identity.module';
import { PlansModule } from './modules/plans/plans.module';
import { ReportsModule } from './modules/reports/reports.module';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';

/** The whole app for one configuration (main.ts loads it from the environment; tests build their own). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config, [BILLING_QUEUE, FULFILMENT_QUEUE]),
        IdentityModule.forRoot(SubscriptionsModule),
        CatalogueModule,
        PlansModule,
        BillingModule,
        SubscriptionsModule,
        FulfilmentModule,
        AdminModule,
        ReportsModule,
      ],
    };
  }
}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionCounts } from '../identity/application/subscription-counts.port';
import { SubscriptionOrmEntity } from './adapters/persistence/subscription.orm-entity';
import { TypeOrmSubscriptionCounts } from './adapters/persistence/subscription-counts.query';

/**
 * Subscriptions: what customers bought and its delivery status. For now: the table and the
 * profile counters (identity's SubscriptionCounts port, exported here); the customer lists and the
 * admin tasks arrive with their issue.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionOrmEntity])],
  providers: [{ provide: SubscriptionCounts, useClass: TypeOrmSubscriptionCounts }],
  exports: [SubscriptionCounts],
})
export class SubscriptionsModule {}

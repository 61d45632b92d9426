import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionCounts } from '../identity/application/subscription-counts.port';
import { RecordPurchaseUseCase } from './application/record-purchase.use-case';
import { SubscriptionRepository } from './application/subscription.repository.port';
import { SubscriptionOrmEntity } from './adapters/persistence/subscription.orm-entity';
import { TypeOrmSubscriptionCounts } from './adapters/persistence/subscription-counts.query';
import { TypeOrmSubscriptionRepository } from './adapters/persistence/subscription.repository';

/**
 * Subscriptions: what customers bought and its delivery status. Exports identity's profile
 * counters (SubscriptionCounts) and billing's RecordPurchaseUseCase (a paid order becomes its one
 * subscription).
 */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionOrmEntity])],
  providers: [
    { provide: SubscriptionCounts, useClass: TypeOrmSubscriptionCounts },
    { provide: SubscriptionRepository, useClass: TypeOrmSubscriptionRepository },
    RecordPurchaseUseCase,
  ],
  exports: [SubscriptionCounts, RecordPurchaseUseCase],
})
export class SubscriptionsModule {}

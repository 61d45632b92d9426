import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionCounts } from '../identity/application/subscription-counts.port';
import { ListAdminTasksUseCase } from './application/list-admin-tasks.use-case';
import { ListSubscriptionPageUseCase } from './application/list-subscription-page.use-case';
import { ListUserSubscriptionsUseCase } from './application/list-user-subscriptions.use-case';
import { RecordPurchaseUseCase } from './application/record-purchase.use-case';
import { SubscriptionRepository } from './application/subscription.repository.port';
import { SubscriptionRefunds } from './application/subscription-refunds.port';
import { TypeOrmSubscriptionRefunds } from './adapters/persistence/subscription-refunds.repository';
import { CompletionMails } from './application/completion-mails';
import { OrderCompletions } from './application/order-completions.port';
import { TypeOrmOrderCompletions } from './adapters/persistence/order-completions.repository';
import { UpdateSubscriptionStatusUseCase } from './application/update-subscription-status.use-case';
import { CompleteOrdersUseCase } from './application/complete-orders.use-case';
import { SubscriptionOrmEntity } from './adapters/persistence/subscription.orm-entity';
import { TypeOrmSubscriptionCounts } from './adapters/persistence/subscription-counts.query';
import { TypeOrmSubscriptionRepository } from './adapters/persistence/subscription.repository';
import { AdminTasksController } from './adapters/http/admin-tasks.controller';
import { SubscriptionController } from './adapters/http/subscription.controller';
import { SubscriptionPresenter } from './adapters/http/subscription.presenter';

/**
 * Subscriptions: what customers bought and its delivery status. Exports identity's profile
 * counters (SubscriptionCounts) and billing's RecordPurchaseUseCase (a paid order becomes its one
 * subscription), the SubscriptionRepository (fulfilment reads the orders it delivers through it),
 * SubscriptionRefunds (billing's way to the refund summary and the settlement of orders finished
 * short, docs/refunds.md), CompletionMails (the "order completed" mail, once per order) and
 * SubscriptionPresenter (a subscription in an API answer; its refill card comes through the
 * RefillViews port, which fulfilment binds). Serves the customer's Active, Completed and
 * all-services lists, and the admin's task list with its Status toggle (POST /admin/tasks,
 * /admin/upStatus) and Mark Completed for several orders (POST /admin/tasks/complete).
 */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionOrmEntity])],
  controllers: [SubscriptionController, AdminTasksController],
  providers: [
    { provide: SubscriptionCounts, useClass: TypeOrmSubscriptionCounts },
    { provide: SubscriptionRepository, useClass: TypeOrmSubscriptionRepository },
    { provide: SubscriptionRefunds, useClass: TypeOrmSubscriptionRefunds },
    { provide: OrderCompletions, useClass: TypeOrmOrderCompletions },
    CompletionMails,
    RecordPurchaseUseCase,
    ListSubscriptionPageUseCase,
    ListUserSubscriptionsUseCase,
    ListAdminTasksUseCase,
    UpdateSubscriptionStatusUseCase,
    CompleteOrdersUseCase,
    SubscriptionPresenter,
  ],
  exports: [SubscriptionCounts, RecordPurchaseUseCase, SubscriptionRepository, SubscriptionRefunds, CompletionMails, SubscriptionPresenter],
})
export class SubscriptionsModule {}

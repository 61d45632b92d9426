import { Module } from '@nestjs/common';
import { Clock } from '../../platform/time/clock';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../platform/config/app-config';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { FulfilmentModule } from '../fulfilment/fulfilment.module';
import { IdentityModule } from '../identity/identity.module';
import { PlansModule } from '../plans/plans.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CompletePayment } from './application/complete-payment';
import { OrderAcceptance } from './application/order-acceptance';
import { CreateOrderUseCase } from './application/create-order.use-case';
import { HandleWebhookUseCase } from './application/handle-webhook.use-case';
import { ListAdminOrdersUseCase } from './application/list-admin-orders.use-case';
import { PaymentGateway } from './application/payment-gateway.port';
import { PaymentOrderRepository } from './application/payment-order.repository.port';
import { ReadReceiptUseCase } from './application/read-receipt.use-case';
import { ReconcileOrdersUseCase } from './application/reconcile-orders.use-case';
import { SandboxCheckoutUseCase } from './application/sandbox-checkout.use-case';
import { SandboxPayments } from './application/sandbox-payments.port';
import { VerifyPaymentUseCase } from './application/verify-payment.use-case';
import { DecideRefundRequestUseCase } from './application/decide-refund-request.use-case';
import { IssueRefund } from './application/issue-refund';
import { SecondPayments } from './application/second-payments';
import { ListRefundsUseCase } from './application/list-refunds.use-case';
import { ReconcileRefundsUseCase } from './application/reconcile-refunds.use-case';
import { RefundOrderUseCase } from './application/refund-order.use-case';
import { RefundRepository } from './application/refund.repository.port';
import { RefundSummaries } from './application/refund-summaries';
import { RequestRefundUseCase } from './application/request-refund.use-case';
import { SettleRefund } from './application/settle-refund';
import { SettleShortfallUseCase } from './application/settle-shortfall.use-case';
import { SandboxRefundWebhooks } from './adapters/gateways/sandbox-refund-webhooks';
import { AdminRefundsController, CustomerRefundController } from './adapters/http/refund.controller';
import { RefundOrmEntity, RefundRequestOrmEntity, SandboxRefundOrmEntity } from './adapters/persistence/refund.orm-entity';
import { TypeOrmRefundRepository } from './adapters/persistence/refund.repository';
import { RazorpayGateway } from './adapters/gateways/razorpay.gateway';
import { SandboxGateway } from './adapters/gateways/sandbox.gateway';
import { AdminOrdersController } from './adapters/http/admin-orders.controller';
import { ReceiptController } from './adapters/http/receipt.controller';
import { PaymentController } from './adapters/http/payment.controller';
import { PaymentOrderOrmEntity } from './adapters/persistence/payment-order.orm-entity';
import { TypeOrmPaymentOrderRepository } from './adapters/persistence/payment-order.repository';
import { SandboxPaymentOrmEntity } from './adapters/persistence/sandbox-payment.orm-entity';
import { WebhookEventOrmEntity } from './adapters/persistence/webhook-event.orm-entity';
import { BillingProcessor, BillingSchedule } from './adapters/queue/billing.processor';

/**
 * Billing: payment orders, verification (browser, redirect, webhook, stuck-order sweep) through one
 * CompletePayment, and the gateway chosen by PAYMENTS_PROVIDER (Razorpay, or the sandbox of the
 * embedded profile). Turns paid orders into subscriptions through subscriptions' facade, and hands
 * each new one to fulfilment's (FulfilmentIntake: placed upstream when its tier is mapped). Refunds
 * (docs/refunds.md): the ledger, staff's and customers' routes, automatic refunds of what was not
 * delivered, the gateway's webhooks and the refund sweep.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([PaymentOrderOrmEntity, WebhookEventOrmEntity, SandboxPaymentOrmEntity, RefundOrmEntity, RefundRequestOrmEntity, SandboxRefundOrmEntity]),
    PlansModule,
    IdentityModule.forRoot(SubscriptionsModule),
    SubscriptionsModule,
    FulfilmentModule,
  ],
  controllers: [PaymentController, AdminOrdersController, CustomerRefundController, AdminRefundsController, ReceiptController],
  providers: [
    {
      provide: PaymentGateway,
      inject: [AppConfig, UnitOfWork],
      useFactory: (config: AppConfig, uow: UnitOfWork) =>
        config.payments.provider === 'razorpay'
          ? new RazorpayGateway(config.payments)
          : new SandboxGateway(config.payments.keyId, uow, { settleMs: config.refunds.sandboxSettleMs, outcome: config.refunds.sandboxOutcome }),
    },
    {
      provide: SandboxPayments,
      inject: [PaymentGateway],
      useFactory: (gateway: PaymentGateway) => (gateway instanceof SandboxGateway ? gateway : null),
    },
    {
      provide: SandboxCheckoutUseCase,
      inject: [AppConfig, PaymentOrderRepository, SandboxPayments, Clock],
      useFactory: (config: AppConfig, orders: PaymentOrderRepository, sandbox: SandboxPayments | null, clock: Clock) =>
        sandbox ? new SandboxCheckoutUseCase(config, orders, sandbox, clock) : null,
    },
    { provide: PaymentOrderRepository, useClass: TypeOrmPaymentOrderRepository },
    { provide: RefundRepository, useClass: TypeOrmRefundRepository },
    RefundSummaries,
    SettleRefund,
    IssueRefund,
    RefundOrderUseCase,
    RequestRefundUseCase,
    DecideRefundRequestUseCase,
    SettleShortfallUseCase,
    ReconcileRefundsUseCase,
    ListRefundsUseCase,
    SandboxRefundWebhooks,
    OrderAcceptance,
    SecondPayments,
    CompletePayment,
    CreateOrderUseCase,
    VerifyPaymentUseCase,
    HandleWebhookUseCase,
    ReconcileOrdersUseCase,
    ListAdminOrdersUseCase,
    ReadReceiptUseCase,
    BillingProcessor,
    BillingSchedule,
  ],
})
export class BillingModule {}

import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { PaymentOrderRepository } from '../../application/payment-order.repository.port';
import type { PaymentOrder } from '../../domain/payment-order';
import { PaymentOrderOrmEntity } from './payment-order.orm-entity';
import { WebhookEventOrmEntity } from './webhook-event.orm-entity';

function toOrder(row: PaymentOrderOrmEntity): PaymentOrder {
  return {
    orderId: row.orderId,
    userId: row.userId,
    email: row.email,
    planId: row.planId,
    planName: row.planName,
    planSlug: row.planSlug,
    tier: row.tier,
    amount: row.amount,
    currency: row.currency,
    profileLink: row.profileLink,
    status: row.status,
    paymentId: row.paymentId,
    failureReason: row.failureReason,
    checkedAt: row.checkedAt,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
  };
}

/** TypeORM implementation; every query runs in the caller's UnitOfWork transaction when there is one. */
@Injectable()
export class TypeOrmPaymentOrderRepository extends PaymentOrderRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  private get rows() {
    return this.uow.repository(PaymentOrderOrmEntity);
  }

  async insert(order: PaymentOrder): Promise<void> {
    await this.rows.insert({ ...order, tier: { ...order.tier } });
  }

  async findById(orderId: string): Promise<PaymentOrder | null> {
    const row = await this.rows.findOneBy({ orderId });
    return row ? toOrder(row) : null;
  }

  async lockById(orderId: string): Promise<PaymentOrder | null> {
    const row = await this.rows.createQueryBuilder('o').setLock('pessimistic_write').where('o.orderId = :orderId', { orderId }).getOne();
    return row ? toOrder(row) : null;
  }

  async markPaid(orderId: string, paymentId: string, at: Date): Promise<void> {
    await this.rows.update({ orderId }, { status: 'paid', paymentId, paidAt: at, failureReason: null });
  }

  async markFailed(orderId: string, reason: string): Promise<void> {
    // Only an unpaid order fails: the condition holds the rule even against a concurrent payment.
    await this.rows.update({ orderId, status: 'created' }, { status: 'failed', failureReason: reason.slice(0, 500) });
  }

  async dueForCheck(window: { from: Date; to: Date; failedFrom: Date }, limit: number): Promise<PaymentOrder[]> {
    const rows = await this.rows
      .createQueryBuilder('o')
      .where(`o.status <> 'paid' AND o.createdAt BETWEEN :from AND :to`, window)
      .andWhere(`(o.status = 'created' OR o.createdAt >= :failedFrom)`, window)
      .orderBy('o.checkedAt', 'ASC', 'NULLS FIRST')
      .addOrderBy('o.createdAt', 'ASC')
      .take(limit)
      .getMany();
    return rows.map(toOrder);
  }

  async markChecked(orderId: string, at: Date): Promise<void> {
    await this.rows.update({ orderId }, { checkedAt: at });
  }

  async hasWebhookEvent(eventId: string): Promise<boolean> {
    return this.uow.repository(WebhookEventOrmEntity).existsBy({ eventId });
  }

  async rememberWebhookEvent(eventId: string, event: string): Promise<void> {
    await this.uow.repository(WebhookEventOrmEntity).createQueryBuilder().insert().values({ eventId, event }).orIgnore().execute();
  }
}

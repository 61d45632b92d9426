import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { boundedCount } from '../../../../platform/database/bounded-count';
import { type ListPage, readPage } from '../../../../platform/database/paging';
import { entitySql } from '../../../../platform/database/entity-sql';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { PaymentOrderRepository } from '../../application/payment-order.repository.port';
import { statusesThatMayBecome, type AdminOrderKind, type PaymentOrder, type VoidReason } from '../../domain/payment-order';
import { PaymentOrderOrmEntity } from './payment-order.orm-entity';
import { WebhookEventOrmEntity } from './webhook-event.orm-entity';

function toOrder(row: PaymentOrderOrmEntity): PaymentOrder {
  return {
    orderId: row.orderId,
    userId: row.userId,
    email: row.email,
    customerName: row.customerName,
    planId: row.planId,
    planName: row.planName,
    planSlug: row.planSlug,
    tier: row.tier,
    amount: row.amount,
    refundedAmount: row.refundedAmount ?? 0,
    currency: row.currency,
    profileLink: row.profileLink,
    status: row.status,
    paymentId: row.paymentId,
    failureReason: row.failureReason,
    checkedAt: row.checkedAt,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    subscriptionId: row.subscriptionId,
    expiresAt: row.expiresAt,
    voidReason: row.voidReason ?? null,
    sandbox: row.sandbox === true,
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
    const { refundedAmount: _keptByTheDatabase, ...columns } = order;
    await this.rows.insert({ ...columns, tier: { ...order.tier } });
  }

  // findById and lockById are read in every payment verification: plain SQL (platform/database/entity-sql.ts).
  async findById(orderId: string): Promise<PaymentOrder | null> {
    return this.one('WHERE "order_id" = $1', [orderId]);
  }

  async lockById(orderId: string): Promise<PaymentOrder | null> {
    return this.one('WHERE "order_id" = $1 FOR UPDATE', [orderId]);
  }

  private async one(rest: string, params: unknown[]): Promise<PaymentOrder | null> {
    const manager = this.uow.manager();
    const [row] = await entitySql(manager, PaymentOrderOrmEntity).select(manager, rest, params);
    return row ? toOrder(row) : null;
  }

  /** Plain SQL, as TypeORM's update writes it (updated_at too): it runs in every first payment verification. */
  async markPaid(orderId: string, paymentId: string, at: Date, subscriptionId?: string): Promise<void> {
    await this.uow
      .manager()
      .query(
        `UPDATE "payment_orders" SET "status" = 'paid', "payment_id" = $2, "paid_at" = $3, "failure_reason" = NULL, ` +
          `"subscription_id" = coalesce($4, "subscription_id"), "updated_at" = CURRENT_TIMESTAMP WHERE "order_id" = $1`,
        [orderId, paymentId, at, subscriptionId ?? null],
      );
  }

  async markVoid(orderId: string, paymentId: string, at: Date, reason: VoidReason): Promise<void> {
    // Only an order that may become paid (ORDER_TRANSITIONS): a paid order never changes again (the CHECK holds the rest).
    await this.rows.update({ orderId, status: In(statusesThatMayBecome('paid')) }, { status: 'paid', paymentId, paidAt: at, failureReason: null, voidReason: reason });
  }

  async linkSubscription(orderId: string, subscriptionId: string): Promise<void> {
    await this.rows.update({ orderId }, { subscriptionId });
  }

  async markFailed(orderId: string, reason: string): Promise<void> {
    // Only an order that may fail (ORDER_TRANSITIONS: one not paid nor failed yet); the condition holds the rule even
    // against a concurrent payment.
    await this.rows.update({ orderId, status: In(statusesThatMayBecome('failed')) }, { status: 'failed', failureReason: reason.slice(0, 500) });
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

  /**
   * Each kind is a range of its own partial index (migration 1764300000000-admin-lists), read
   * newest first: payment_orders_paid_unlinked_idx (paid, subscription_id null) and
   * payment_orders_unpaid_created_idx (not paid). Read as every admin list is
   * (platform/database/paging.ts): the ids first, one more than the page, then their rows.
   */
  async pageForAdmin(kind: AdminOrderKind, staleBefore: Date, page: number, limit: number): Promise<ListPage<PaymentOrder>> {
    const manager = this.uow.manager();
    const [where, params] =
      kind === 'paid-without-subscription'
        ? [`status = 'paid' AND subscription_id IS NULL AND void_reason IS NULL`, [] as unknown[]]
        : [`status <> 'paid' AND created_at < $1`, [staleBefore.toISOString()] as unknown[]];
    const fromWhere = `FROM payment_orders WHERE ${where}`;
    return readPage(page, limit, {
      count: () => boundedCount(manager, fromWhere, params),
      keys: async (offset, take) =>
        (
          (await manager.query(`SELECT order_id ${fromWhere} ORDER BY created_at DESC, order_id DESC OFFSET ${offset} LIMIT ${take}`, params)) as Array<{
            order_id: string;
          }>
        ).map((row) => row.order_id),
      rows: async (ids) => (await this.rows.findBy({ orderId: In(ids) })).map(toOrder),
      keyOf: (order) => order.orderId,
    });
  }
}

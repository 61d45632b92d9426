import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { RefundReason, RefundRequestSource, RefundRequestState, RefundState } from '../../domain/refund';
import { bigintAsNumber } from './payment-order.orm-entity';

/** Table `refunds` (migration 1764600000000-refunds, docs/refunds.md). */
@Entity({ name: 'refunds' })
export class RefundOrmEntity {
  @PrimaryColumn({ name: 'refund_id', type: 'uuid' })
  refundId: string;

  @Column({ name: 'order_id', type: 'text' })
  orderId: string;

  @Column({ name: 'subscription_id', type: 'uuid', nullable: true })
  subscriptionId: string | null;

  @Column({ name: 'payment_id', type: 'text' })
  paymentId: string;

  @Column({ name: 'amount', type: 'bigint', transformer: bigintAsNumber })
  amount: number;

  @Column({ name: 'currency', type: 'text' })
  currency: string;

  @Column({ name: 'reason', type: 'text' })
  reason: RefundReason;

  @Column({ name: 'note', type: 'text', nullable: true })
  note: string | null;

  @Column({ name: 'actor_role', type: 'text' })
  actorRole: 'system' | 'admin' | 'customer';

  @Column({ name: 'actor_id', type: 'text', nullable: true })
  actorId: string | null;

  @Column({ name: 'state', type: 'text' })
  state: RefundState;

  @Column({ name: 'gateway_refund_id', type: 'text', nullable: true })
  gatewayRefundId: string | null;

  @Column({ name: 'idempotency_key', type: 'text' })
  idempotencyKey: string;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: string | null;

  @Column({ name: 'attempts', type: 'integer' })
  attempts: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt: Date | null;

  @Column({ name: 'checked_at', type: 'timestamptz', nullable: true })
  checkedAt: Date | null;
}

/** Table `refund_requests` (migration 1764600000000-refunds). */
@Entity({ name: 'refund_requests' })
export class RefundRequestOrmEntity {
  @PrimaryColumn({ name: 'request_id', type: 'uuid' })
  requestId: string;

  @Column({ name: 'order_id', type: 'text' })
  orderId: string;

  @Column({ name: 'subscription_id', type: 'uuid' })
  subscriptionId: string;

  @Column({ name: 'source', type: 'text' })
  source: RefundRequestSource;

  @Column({ name: 'reason', type: 'text' })
  reason: string;

  @Column({
    name: 'amount',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: number | null) => v, from: (v: string | number | bigint | null) => (v === null ? null : Number(v)) },
  })
  amount: number | null;

  @Column({ name: 'currency', type: 'text' })
  currency: string;

  @Column({ name: 'state', type: 'text' })
  state: RefundRequestState;

  @Column({ name: 'message', type: 'text', nullable: true })
  message: string | null;

  @Column({ name: 'refund_id', type: 'uuid', nullable: true })
  refundId: string | null;

  @Column({ name: 'decided_by', type: 'text', nullable: true })
  decidedBy: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** Table `sandbox_refunds`: what the sandbox gateway was asked to refund (migration 1764600000000-refunds). */
@Entity({ name: 'sandbox_refunds' })
export class SandboxRefundOrmEntity {
  @PrimaryColumn({ name: 'refund_id', type: 'text' })
  refundId: string;

  @Column({ name: 'payment_id', type: 'text' })
  paymentId: string;

  @Column({ name: 'amount', type: 'bigint', transformer: bigintAsNumber })
  amount: number;

  @Column({ name: 'currency', type: 'text' })
  currency: string;

  @Column({ name: 'idempotency_key', type: 'text' })
  idempotencyKey: string;

  @Column({ name: 'outcome', type: 'text' })
  outcome: 'processed' | 'failed';

  @Column({ name: 'settle_at', type: 'timestamptz' })
  settleAt: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

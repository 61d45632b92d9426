import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PurchasedTier } from '../../../../kernel/purchased-tier';
import type { OrderStatus, VoidReason } from '../../domain/payment-order';

/** bigint arrives as text (pg) or BigInt (PGlite); amounts stay far below 2^53. */
export const bigintAsNumber = { to: (value: number) => value, from: (value: string | bigint | number) => Number(value) };

/** Table `payment_orders` (migration 1763900000000-billing). */
@Entity({ name: 'payment_orders' })
export class PaymentOrderOrmEntity {
  @PrimaryColumn({ name: 'order_id', type: 'text' })
  orderId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'email', type: 'text' })
  email: string;

  /** Migration 1764300000000-admin-lists. */
  @Column({ name: 'customer_name', type: 'text', default: '' })
  customerName: string;

  @Column({ name: 'plan_id', type: 'uuid' })
  planId: string;

  @Column({ name: 'plan_name', type: 'text' })
  planName: string;

  @Column({ name: 'plan_slug', type: 'text' })
  planSlug: string;

  @Column({ name: 'tier', type: 'jsonb' })
  tier: PurchasedTier;

  @Column({ name: 'amount', type: 'bigint', transformer: bigintAsNumber })
  amount: number;

  /** Kept by the refunds trigger, held by a CHECK at most `amount` (migration 1764600000000-refunds). */
  @Column({ name: 'refunded_amount', type: 'bigint', transformer: bigintAsNumber, default: 0, insert: false, update: false })
  refundedAmount: number;

  @Column({ name: 'currency', type: 'text' })
  currency: string;

  @Column({ name: 'profile_link', type: 'text' })
  profileLink: string;

  @Column({ name: 'status', type: 'text', default: 'created' })
  status: OrderStatus;

  @Column({ name: 'payment_id', type: 'text', nullable: true })
  paymentId: string | null;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: string | null;

  @Column({ name: 'checked_at', type: 'timestamptz', nullable: true })
  checkedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  /** The subscription the order became (migration 1764300000000-admin-lists); null until paid. */
  @Column({ name: 'subscription_id', type: 'uuid', nullable: true })
  subscriptionId: string | null;

  /** When the order's price stops standing (migration 1764700000000-order-lifetime). */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** A paid order that was not honoured, and why (migration 1764700000000-order-lifetime); else null. */
  @Column({ name: 'void_reason', type: 'text', nullable: true })
  voidReason: VoidReason | null;

  /** Made at a gateway that takes no real money (migration 1765400000000-sandbox-orders). */
  @Column({ name: 'sandbox', type: 'boolean', default: false })
  sandbox: boolean;
}

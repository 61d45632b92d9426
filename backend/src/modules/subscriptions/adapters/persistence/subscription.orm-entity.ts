import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A bought pricing tier being delivered (docs/product.md#data-shapes Subscription). Status 0 In Process, 1 Completed,
 * 2 Partial, 3 Canceled, 4 Refunded. The fulfilment columns (migration 1764500000000-fulfilment) are
 * all null on the manual path; they are written by TypeOrmFulfilmentLedger's conditional UPDATEs.
 */
@Entity({ name: 'subscriptions' })
export class SubscriptionOrmEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'subscription_id' })
  subscriptionId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'plan_id', type: 'uuid', nullable: true })
  planId: string | null;

  @Column({ name: 'plan_name', type: 'text' })
  planName: string;

  @Column({ name: 'profile_link', type: 'text' })
  profileLink: string;

  @Column({ name: 'order_id', type: 'text' })
  orderId: string;

  @Column({ name: 'payment_id', type: 'text' })
  paymentId: string;

  @Column({ name: 'status', type: 'smallint', default: 0 })
  status: number;

  /** The pricing tier as bought: { pricingId, name, price, description, features, isPopular }. */
  @Column({ name: 'pricing', type: 'jsonb' })
  pricing: Record<string, unknown>;

  /** The customer's address and name at purchase (migration 1764300000000-admin-lists), set by billing. */
  @Column({ name: 'customer_email', type: 'text', default: '' })
  customerEmail: string;

  @Column({ name: 'customer_name', type: 'text', default: '' })
  customerName: string;

  @Column({ name: 'fulfilment_state', type: 'text', nullable: true })
  fulfilmentState: string | null;

  @Column({ name: 'upstream_service_id', type: 'text', nullable: true })
  upstreamServiceId: string | null;

  /** The service's name on the panel when the order was queued (staff read it beside the id). */
  @Column({ name: 'upstream_service_name', type: 'text', nullable: true })
  upstreamServiceName: string | null;

  @Column({ name: 'upstream_quantity', type: 'integer', nullable: true })
  upstreamQuantity: number | null;

  @Column({ name: 'upstream_order_id', type: 'text', nullable: true })
  upstreamOrderId: string | null;

  @Column({ name: 'upstream_status', type: 'text', nullable: true })
  upstreamStatus: string | null;

  /** Decimal text in upstream_currency, as the provider wrote it. */
  @Column({ name: 'upstream_charge', type: 'text', nullable: true })
  upstreamCharge: string | null;

  @Column({ name: 'upstream_currency', type: 'text', nullable: true })
  upstreamCurrency: string | null;

  /** bigint: the driver hands it back as text (a number on PGlite); see the mapper. */
  @Column({ name: 'upstream_start_count', type: 'bigint', nullable: true })
  upstreamStartCount: string | number | null;

  @Column({ name: 'upstream_remains', type: 'bigint', nullable: true })
  upstreamRemains: string | number | null;

  @Column({ name: 'fulfilment_note', type: 'text', nullable: true })
  fulfilmentNote: string | null;

  @Column({ name: 'fulfilment_queued_at', type: 'timestamptz', nullable: true })
  fulfilmentQueuedAt: Date | null;

  @Column({ name: 'fulfilment_placing_at', type: 'timestamptz', nullable: true })
  fulfilmentPlacingAt: Date | null;

  @Column({ name: 'fulfilment_placed_at', type: 'timestamptz', nullable: true })
  fulfilmentPlacedAt: Date | null;

  @Column({ name: 'fulfilment_checked_at', type: 'timestamptz', nullable: true })
  fulfilmentCheckedAt: Date | null;

  /** What the bodies show of the order's refunds, written by billing (migration 1764600000000-refunds, docs/refunds.md). */
  @Column({ name: 'refund_summary', type: 'jsonb', nullable: true })
  refundSummary: Record<string, unknown> | null;

  /** When the automatic refund of what the provider did not deliver was settled. */
  @Column({ name: 'shortfall_settled_at', type: 'timestamptz', nullable: true })
  shortfallSettledAt: Date | null;

  /** The refill guarantee as bought, in days (migration 1764900000000-refills, docs/refill.md). */
  @Column({ name: 'refill_days', type: 'smallint', default: 0 })
  refillDays: number;

  /** When the order was first settled Completed or Partial (the refill guarantee runs from here). */
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  /** The order's newest refills, rewritten with every refill change (docs/refill.md). */
  @Column({ name: 'refill_summary', type: 'jsonb', nullable: true })
  refillSummary: Record<string, unknown> | null;

  /** When the "order completed" mail was written (once per order). */
  @Column({ name: 'completion_mailed_at', type: 'timestamptz', nullable: true })
  completionMailedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A bought pricing tier being delivered (docs/product.md#data-shapes Subscription). Status 0 In Process, 1 Completed,
 * 2 Partial, 3 Canceled, 4 Refunded. The order's facts only: its delivery is the fulfilment module's
 * `fulfilments` row (migration 1765300000000-fulfilments), read beside it by delivery-summary.query.ts.
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

  /** Paid with no real money, copied from the order by billing (migration 1765400000000-sandbox-orders). */
  @Column({ name: 'sandbox', type: 'boolean', default: false })
  sandbox: boolean;

  /** What the bodies show of the order's refunds, written by billing (migration 1764600000000-refunds, docs/refunds.md). */
  @Column({ name: 'refund_summary', type: 'jsonb', nullable: true })
  refundSummary: Record<string, unknown> | null;

  /** When the automatic refund of what the provider did not deliver was settled. */
  @Column({ name: 'shortfall_settled_at', type: 'timestamptz', nullable: true })
  shortfallSettledAt: Date | null;

  /** When the order was first settled Completed or Partial (the refill guarantee runs from here). */
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  /** When the "order completed" mail was written (once per order). */
  @Column({ name: 'completion_mailed_at', type: 'timestamptz', nullable: true })
  completionMailedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

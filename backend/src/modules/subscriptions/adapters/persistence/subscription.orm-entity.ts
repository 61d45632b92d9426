import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A bought pricing tier being delivered (spec §3 Subscription). Status 0 In Process, 1 Completed. */
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Table `payment_webhook_events`: Razorpay event ids already handled. */
@Entity({ name: 'payment_webhook_events' })
export class WebhookEventOrmEntity {
  @PrimaryColumn({ name: 'event_id', type: 'text' })
  eventId: string;

  @Column({ name: 'event', type: 'text' })
  event: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}

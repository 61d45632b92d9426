import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Mail } from './mail.port';

/** A row of the mail outbox (the MailOutbox and MailDelivery migrations, MailOutboxRelay). */
@Entity({ name: 'mail_outbox' })
export class MailOutboxOrmEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id' })
  id!: string;

  /** The mail; emptied once it is sent. */
  @Column({ type: 'jsonb', nullable: true })
  payload!: Mail | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  /** An attempt claimed the row and has not ended (a lease on it runs until `next_attempt_at`). */
  @Column({ name: 'sending_since', type: 'timestamptz', nullable: true })
  sendingSince!: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;
}

import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Mail } from './mail.port';

/** A row of the mail outbox (see the MailOutbox migration and MailOutboxRelay). */
@Entity({ name: 'mail_outbox' })
export class MailOutboxOrmEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id' })
  id!: string;

  /** The mail; emptied once it is relayed to the queue. */
  @Column({ type: 'jsonb', nullable: true })
  payload!: Mail | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'relayed_at', type: 'timestamptz', nullable: true })
  relayedAt!: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;
}

import { Column } from 'typeorm';

/**
 * The columns every table of mailed one-time codes has (customers' e-mail verifications and password
 * resets, admins' codes): the code's keyed hash (one-time-codes.ts), when it was sent, when it stops
 * working, and how many of its tries are used. An entity of such a table extends this class and adds
 * its key and what else it keeps.
 */
export abstract class OneTimeCodeColumns {
  @Column({ name: 'code_hash', type: 'text' })
  codeHash: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'tries', type: 'integer', default: 0 })
  tries: number;
}

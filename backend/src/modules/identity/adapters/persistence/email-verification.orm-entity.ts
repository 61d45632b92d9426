import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'email_verifications' })
export class EmailVerificationOrmEntity {
  @PrimaryColumn({ name: 'email', type: 'text' })
  email: string;

  @Column({ name: 'code_hash', type: 'text' })
  codeHash: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'tries', type: 'integer', default: 0 })
  tries: number;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;
}

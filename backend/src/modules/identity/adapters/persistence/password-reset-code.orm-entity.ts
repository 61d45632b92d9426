import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'password_reset_codes' })
export class PasswordResetCodeOrmEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'email', type: 'text' })
  email: string;

  @Column({ name: 'code_hash', type: 'text' })
  codeHash: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'tries', type: 'integer', default: 0 })
  tries: number;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AdminCodePurpose } from '../../domain/admin-code';

@Entity({ name: 'admin_codes' })
export class AdminCodeOrmEntity {
  @PrimaryColumn({ name: 'admin_id', type: 'uuid' })
  adminId: string;

  @PrimaryColumn({ name: 'purpose', type: 'text' })
  purpose: AdminCodePurpose;

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

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { OneTimeCodeColumns } from '../../../../platform/security/one-time-code.columns';
import type { AdminCodePurpose } from '../../domain/admin-code';

@Entity({ name: 'admin_codes' })
export class AdminCodeOrmEntity extends OneTimeCodeColumns {
  @PrimaryColumn({ name: 'admin_id', type: 'uuid' })
  adminId: string;

  @PrimaryColumn({ name: 'purpose', type: 'text' })
  purpose: AdminCodePurpose;

  @Column({ name: 'email', type: 'text' })
  email: string;
}

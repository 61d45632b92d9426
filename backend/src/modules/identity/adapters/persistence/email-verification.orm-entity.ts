import { Column, Entity, PrimaryColumn } from 'typeorm';
import { OneTimeCodeColumns } from '../../../../platform/security/one-time-code.columns';

@Entity({ name: 'email_verifications' })
export class EmailVerificationOrmEntity extends OneTimeCodeColumns {
  @PrimaryColumn({ name: 'email', type: 'text' })
  email: string;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;
}

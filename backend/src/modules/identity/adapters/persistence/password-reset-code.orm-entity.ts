import { Column, Entity, PrimaryColumn } from 'typeorm';
import { OneTimeCodeColumns } from '../../../../platform/security/one-time-code.columns';

@Entity({ name: 'password_reset_codes' })
export class PasswordResetCodeOrmEntity extends OneTimeCodeColumns {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'email', type: 'text' })
  email: string;
}
